import type { ActivityType, BulkActivityBody, HeldActivity, KudosReply, LogResult, RecentActivity } from '@warriors/contracts';
import { api } from '../../lib/api';
import { fetchCurrentUser, logAnswered } from '../../lib/session';

/** One key per user action, so a retried request is recognised by the server and never logs twice. */
interface Idempotent {
  idempotencyKey: string;
}

/**
 * The reads a log changes, each refetched once: the feed and the goals' progress always; the boards,
 * my standing and the badges when its points count; the held entries when it is held. Without
 * gamification's answer (no streak) whether it was held is unknown, so both.
 */
export function changedByLog(result: LogResult) {
  const answered = result.streak_days !== null;
  return [
    'RecentActivity',
    'Campaigns',
    ...(answered && result.held ? [] : (['Leaderboard', 'MyStanding', 'Badges'] as const)),
    ...(answered && !result.held ? [] : (['HeldActivity'] as const)),
  ] as const;
}

/** The reads a deletion changes: what a log counted in, wherever it went. */
export const CHANGED_BY_DELETE = ['RecentActivity', 'Campaigns', 'Leaderboard', 'MyStanding', 'Badges', 'HeldActivity', 'Challenges'] as const;

/**
 * The streak and badges live on the user (spec point 4): gamification's answer carries them, and
 * /me is asked only when it did not answer in time.
 */
async function refreshUser(dispatch: (action: unknown) => unknown, queryFulfilled: Promise<{ data: LogResult }>) {
  let result: LogResult;
  try {
    ({ data: result } = await queryFulfilled);
  } catch {
    // A failed log is shown by the caller; nothing to refresh.
    return;
  }
  if (result.streak_days === null) await dispatch(fetchCurrentUser());
  else dispatch(logAnswered({ streak_days: result.streak_days, badges: result.badges }));
}

export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `logged_at`: the tap's time of a log made offline, sent from the device's queue. */
    logActivity: build.mutation<LogResult, Idempotent & { activity_type: ActivityType; logged_at?: string }>({
      query: ({ activity_type, logged_at, idempotencyKey }) => ({
        url: '/activity',
        method: 'POST',
        body: logged_at === undefined ? { activity_type } : { activity_type, logged_at },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (result) => (result ? [...changedByLog(result)] : []),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUser(dispatch, queryFulfilled),
    }),
    logBulkActivity: build.mutation<LogResult, Idempotent & { body: BulkActivityBody }>({
      query: ({ body, idempotencyKey }) => ({
        url: '/activity/bulk',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (result) => (result ? [...changedByLog(result)] : []),
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
    /**
     * Deletes an own entry of today (the 'Recorded!' Undo, or Delete on a row): everything it fed is
     * reversed by the services, so every read it changed is refetched, the user (streak, badges) too.
     */
    deleteActivity: build.mutation<null, string>({
      query: (activityId) => ({ url: `/activity/${encodeURIComponent(activityId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [...CHANGED_BY_DELETE]),
      onQueryStarted: async (_activityId, { dispatch, queryFulfilled }) => {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        await dispatch(fetchCurrentUser());
      },
    }),
    getRecentActivities: build.query<RecentActivity[], void>({
      query: () => '/recent-activities',
      providesTags: ['RecentActivity'],
    }),
    /** The entry shows the kudos at once, then the server's count; a failure takes them back. */
    giveKudos: build.mutation<KudosReply, string>({
      query: (entryId) => ({ url: `/recent-activities/${encodeURIComponent(entryId)}/kudos`, method: 'POST' }),
      onQueryStarted: async (entryId, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          activityApi.util.updateQueryData('getRecentActivities', undefined, (rows) => {
            for (const row of rows) if (row.id === entryId && !row.kudos_given) Object.assign(row, { kudos: row.kudos + 1, kudos_given: true });
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            activityApi.util.updateQueryData('getRecentActivities', undefined, (rows) => {
              for (const row of rows) if (row.id === entryId) Object.assign(row, { kudos: data.kudos, kudos_given: true });
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useDeleteActivityMutation,
  useLogActivityMutation,
  useLogBulkActivityMutation,
  useGetRecentActivitiesQuery,
  useGetHeldActivitiesQuery,
  useConfirmActivityMutation,
  useGiveKudosMutation,
} = activityApi;
