import type { AuthResponse, LoginBody, SignupBody, User } from '@warriors/contracts';
import { api } from './api';

/** The endpoints that start a session or read its user: the session slice follows them. */
export const sessionApi = api.injectEndpoints({
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
  }),
});

export const { useLoginMutation, useSignupMutation } = sessionApi;
