import type { ForgotPasswordBody, MessageResponse, PublicChallenge, UserResponse, VerifyEmailBody } from '@warriors/contracts';
import { api } from '../../lib/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChallengeInvitation: build.query<PublicChallenge, string>({
      query: (id) => `/challenges/public/${encodeURIComponent(id)}`,
    }),
    /** Always 202 with the same text, known address or not. */
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordBody>({
      query: (body) => ({ url: '/password/forgot', method: 'POST', body }),
    }),
    /** A verification or change-of-address link: the user as confirmed. */
    verifyEmail: build.mutation<UserResponse, VerifyEmailBody>({
      query: (body) => ({ url: '/email/verify', method: 'POST', body }),
    }),
  }),
});

export const { useGetChallengeInvitationQuery, useForgotPasswordMutation, useVerifyEmailMutation } = authApi;
