import type { PushConfig, PushPreferences, PushSubscriptionBody } from '@warriors/contracts';
import { api } from '../../lib/api';

const pushApi = api.enhanceEndpoints({ addTagTypes: ['PushPreferences'] }).injectEndpoints({
  endpoints: (build) => ({
    getPushConfig: build.query<PushConfig, void>({ query: () => '/push/config' }),
    getPushPreferences: build.query<PushPreferences, void>({ query: () => '/push/preferences', providesTags: ['PushPreferences'] }),
    savePushPreferences: build.mutation<PushPreferences, PushPreferences>({
      query: (body) => ({ url: '/push/preferences', method: 'PUT', body }),
      // The answer is the saved choice: the form shows it without another read.
      onQueryStarted: async (_choice, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(pushApi.util.upsertQueryData('getPushPreferences', undefined, data));
        } catch {
          // The form shows the failure; the cache keeps the last saved choice.
        }
      },
    }),
    savePushSubscription: build.mutation<void, PushSubscriptionBody>({
      query: (body) => ({ url: '/push/subscriptions', method: 'PUT', body }),
    }),
    deletePushSubscription: build.mutation<void, { endpoint: string }>({
      query: (body) => ({ url: '/push/subscriptions', method: 'DELETE', body }),
    }),
  }),
});

export const { useGetPushConfigQuery, useGetPushPreferencesQuery, useSavePushPreferencesMutation, useSavePushSubscriptionMutation, useDeletePushSubscriptionMutation } = pushApi;
