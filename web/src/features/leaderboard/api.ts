import type { LeaderboardRow, LeaderboardWindow, MyStanding } from '@warriors/contracts';
import { api } from '../../lib/api';

export const leaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Public, but the base query sends the bearer anyway so "today" follows the viewer's timezone.
    getLeaderboard: build.query<LeaderboardRow[], LeaderboardWindow>({
      query: (window) => `/leaderboard/${window}`,
      providesTags: ['Leaderboard'],
    }),
    getMyStanding: build.query<MyStanding, LeaderboardWindow>({
      query: (window) => ({ url: '/leaderboard/me', params: { window } }),
      providesTags: ['MyStanding'],
    }),
  }),
});

export const { useGetLeaderboardQuery, useGetMyStandingQuery } = leaderboardApi;
