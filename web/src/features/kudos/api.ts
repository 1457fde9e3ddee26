import type { Kudos } from '@warriors/contracts';
import { api } from '../../lib/api';

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
      onQueryStarted: async (kudosId, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          kudosApi.util.updateQueryData('getKudosInbox', undefined, (inbox) => {
            for (const kudos of inbox) if (kudos.id === kudosId) kudos.is_read = true;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetKudosInboxQuery, useMarkKudosReadMutation } = kudosApi;
