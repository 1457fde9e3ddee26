import type { PublicChallenge } from '@warriors/contracts';
import { api } from '../../lib/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChallengeInvitation: build.query<PublicChallenge, string>({
      query: (id) => `/challenges/public/${encodeURIComponent(id)}`,
    }),
  }),
});

export const { useGetChallengeInvitationQuery } = authApi;
