import type { UserStats } from '@warriors/contracts';
import { api } from '../../lib/api';

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every number of My Stats that activity owns, on the user's local days (the caller's own id only). */
    getUserStats: build.query<UserStats, string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/stats`,
    }),
  }),
});

export const { useGetUserStatsQuery } = statsApi;
