import { PULSE_LIMIT, type Nudge, type PulseEvent, type SendNudgeBody } from '@warriors/contracts';
import { api, markReadIn, undoOnFailure } from '../../lib/api';
import { mergePulseEvents } from './pulse-rules';

export const pulseApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The latest 20 events; a refetch merges into what the socket already delivered instead of replacing it. */
    getBattlePulse: build.query<PulseEvent[], void>({
      query: () => ({ url: '/battle-pulse', params: { limit: PULSE_LIMIT } }),
      merge: (current, fetched) => mergePulseEvents(current, fetched),
      providesTags: ['BattlePulse'],
    }),
    getNudgeInbox: build.query<Nudge[], void>({
      query: () => '/nudges/inbox',
      providesTags: ['Nudges'],
    }),
    sendNudge: build.mutation<Nudge, SendNudgeBody>({
      query: (body) => ({ url: '/nudges', method: 'POST', body }),
    }),
    /** The nudge reads as read at once; a failure puts it back. */
    markNudgeRead: build.mutation<unknown, string>({
      query: (nudgeId) => ({ url: `/nudges/${encodeURIComponent(nudgeId)}/read`, method: 'PUT' }),
      onQueryStarted: (nudgeId, { dispatch, queryFulfilled }): Promise<void> =>
        undoOnFailure(dispatch(pulseApi.util.updateQueryData('getNudgeInbox', undefined, (nudges) => markReadIn(nudges, nudgeId))), queryFulfilled),
    }),
  }),
});

export const { useGetBattlePulseQuery, useGetNudgeInboxQuery, useSendNudgeMutation, useMarkNudgeReadMutation } = pulseApi;
