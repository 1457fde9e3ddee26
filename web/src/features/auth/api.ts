import type { AuthResponse, LoginBody, PublicChallenge, SignupBody, User } from '@warriors/contracts';
import { api } from '../../lib/api';

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
    getChallengeInvitation: build.query<PublicChallenge, string>({
      query: (id) => `/challenges/public/${encodeURIComponent(id)}`,
    }),
  }),
});

export const { useLoginMutation, useSignupMutation, useGetChallengeInvitationQuery } = authApi;
