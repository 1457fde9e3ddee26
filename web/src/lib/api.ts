import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/** The one API slice for the gateway; each feature adds its endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Back online, what a screen shows is read again: saved answers shown offline give way to live ones.
  refetchOnReconnect: true,
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

/** An optimistic change to the cache: shown at once, taken back when its request fails. */
export async function undoOnFailure(patch: { undo(): void }, request: Promise<unknown>): Promise<void> {
  try {
    await request;
  } catch {
    patch.undo();
  }
}

/** A bell list's item read at once (a nudge, a recap notice, kudos), as the PUT that marks it will make it. */
export function markReadIn(items: Array<{ id: string; is_read: boolean }>, id: string): void {
  for (const item of items) if (item.id === id) item.is_read = true;
}
