import type { ActivityType, BulkActivityBody, HeldActivity, LogResult, RecentActivity } from '@warriors/contracts';
import { api } from '../../lib/api';
import { fetchCurrentUser } from '../../lib/session';

/** One key per user action, so a retried request is recognised by the server and never logs twice. */
interface Idempotent {
  idempotencyKey: string;
}

/**
 * A log changes the feed, every ranking, possibly the badges and the goals' progress, and may be held
 * above its daily ceiling; the streak lives on the user (spec point 4).
 */
const AFTER_LOG = ['RecentActivity', 'Leaderboard', 'MyStanding', 'Badges', 'Campaigns', 'HeldActivity'] as const;

async function refreshUser(dispatch: (action: unknown) => unknown, queryFulfilled: Promise<unknown>) {
  try {
    await queryFulfilled;
    await dispatch(fetchCurrentUser());
  } catch {
    // A failed log is shown by the caller; nothing to refresh.
  }
}

export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    logActivity: build.mutation<LogResult, Idempotent & { activity_type: ActivityType }>({
      query: ({ activity_type, idempotencyKey }) => ({
        url: '/activity',
        method: 'POST',
        body: { activity_type },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (result) => (result ? [...AFTER_LOG] : []),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUser(dispatch, queryFulfilled),
    }),
    logBulkActivity: build.mutation<LogResult, Idempotent & { body: BulkActivityBody }>({
      query: ({ body, idempotencyKey }) => ({
        url: '/activity/bulk',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (result) => (result ? [...AFTER_LOG] : []),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUser(dispatch, queryFulfilled),
    }),
    /** The caller's entries held above a daily ceiling, off the leaderboards until confirmed. */
    getHeldActivities: build.query<HeldActivity[], void>({
      query: () => '/activity/held',
      providesTags: ['HeldActivity'],
    }),
    /** The broker vouches for a held entry: its points join the leaderboards (once, however often sent). */
    confirmActivity: build.mutation<HeldActivity, string>({
      query: (activityId) => ({ url: `/activity/${encodeURIComponent(activityId)}/confirm`, method: 'POST' }),
      invalidatesTags: (result) => (result ? ['HeldActivity', 'Leaderboard', 'MyStanding'] : []),
    }),
    getRecentActivities: build.query<RecentActivity[], void>({
      query: () => '/recent-activities',
      providesTags: ['RecentActivity'],
    }),
  }),
});

export const { useLogActivityMutation, useLogBulkActivityMutation, useGetRecentActivitiesQuery, useGetHeldActivitiesQuery, useConfirmActivityMutation } = activityApi;
