import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/** The one API slice for the gateway; each feature adds its endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'PublicProfile',
    'Leaderboard',
    'MyStanding',
    'RecentActivity',
    'Badges',
    'Campaigns',
    'HeldActivity',
    'Challenges',
    'ChallengeInvites',
    'BattlePulse',
    'Nudges',
    'Recap',
    'RecapNotices',
    'Kudos',
  ],
  endpoints: () => ({}),
});
