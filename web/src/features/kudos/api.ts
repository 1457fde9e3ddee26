import type { Kudos } from '@warriors/contracts';
import { api, markReadIn, undoOnFailure } from '../../lib/api';

/** The bell's side of kudos: those given to the user's entries (Shots Fired gives them, in the activity feature). */
export const kudosApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Kudos others gave to the user's entries, for the bell. */
    getKudosInbox: build.query<Kudos[], void>({
      query: () => '/kudos',
      providesTags: ['Kudos'],
    }),
    /** The kudos reads as read at once; a failure puts it back. */
    markKudosRead: build.mutation<Kudos, string>({
      query: (kudosId) => ({ url: `/kudos/${encodeURIComponent(kudosId)}/read`, method: 'PUT' }),
      onQueryStarted: (kudosId, { dispatch, queryFulfilled }): Promise<void> =>
        undoOnFailure(dispatch(kudosApi.util.updateQueryData('getKudosInbox', undefined, (inbox) => markReadIn(inbox, kudosId))), queryFulfilled),
    }),
  }),
});

export const { useGetKudosInboxQuery, useMarkKudosReadMutation } = kudosApi;
