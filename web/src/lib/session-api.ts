import type { AuthResponse, ChangePasswordBody, LoginBody, ResetPasswordBody, SignupBody, User } from '@warriors/contracts';
import { api } from './api';

/** The endpoints that start a session, renew its token or read its user: the session slice follows them. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginBody>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    signup: build.mutation<AuthResponse, SignupBody>({
      query: (body) => ({ url: '/signup', method: 'POST', body }),
    }),
    /** A reset link's new password: signed in with it, every other session ended. */
    resetPassword: build.mutation<AuthResponse, ResetPasswordBody>({
      query: (body) => ({ url: '/password/reset', method: 'POST', body }),
    }),
    /** The other sessions end; this device goes on with the token in the answer. */
    changePassword: build.mutation<AuthResponse, ChangePasswordBody>({
      query: (body) => ({ url: '/settings/password', method: 'PUT', body }),
    }),
    revokeSessions: build.mutation<AuthResponse, void>({
      query: () => ({ url: '/sessions/revoke', method: 'POST' }),
    }),
    getMe: build.query<User, void>({
      query: () => '/me',
    }),
  }),
});

export const { useLoginMutation, useSignupMutation, useResetPasswordMutation, useChangePasswordMutation, useRevokeSessionsMutation } = sessionApi;
