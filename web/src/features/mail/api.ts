import type { MailPreferences, UnsubscribeResponse } from '@warriors/contracts';
import { api } from '../../lib/api';

const mailApi = api.enhanceEndpoints({ addTagTypes: ['MailPreferences'] }).injectEndpoints({
  endpoints: (build) => ({
    getMailPreferences: build.query<MailPreferences, void>({ query: () => '/mail/preferences', providesTags: ['MailPreferences'] }),
    saveMailPreferences: build.mutation<MailPreferences, MailPreferences>({
      query: (body) => ({ url: '/mail/preferences', method: 'PUT', body }),
      // The answer is the saved choice: the switches show it without another read.
      onQueryStarted: async (_choice, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(mailApi.util.upsertQueryData('getMailPreferences', undefined, data));
        } catch {
          // The panel shows the failure; the cache keeps the last saved choice.
        }
      },
    }),
    /** The mail's signed link: no session needed. */
    unsubscribe: build.mutation<UnsubscribeResponse, string>({
      query: (token) => ({ url: '/mail/unsubscribe', method: 'POST', params: { token }, body: {} }),
    }),
  }),
});

export const { useGetMailPreferencesQuery, useSaveMailPreferencesMutation, useUnsubscribeMutation } = mailApi;
