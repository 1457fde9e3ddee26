import type { AuthResponse, LoginBody, SignupBody, User } from '@warriors/contracts';
import { api } from '../../lib/api';

/** What the invitation card needs from GET /challenges/public/{id}; the endpoint arrives with challenges. */
export interface ChallengeInvitation {
  name: string;
  description?: string | null;
  owner_name?: string | null;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginBody>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    signup: build.mutation<AuthResponse, SignupBody>({
      query: (body) => ({ url: '/signup', method: 'POST', body }),
    }),
    getMe: build.query<User, void>({
      query: () => '/me',
    }),
    getChallengeInvitation: build.query<ChallengeInvitation, string>({
      query: (id) => `/challenges/public/${encodeURIComponent(id)}`,
    }),
  }),
});

export const { useLoginMutation, useSignupMutation, useGetChallengeInvitationQuery } = authApi;
