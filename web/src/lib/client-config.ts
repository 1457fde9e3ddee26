import type { ClientConfig } from '@warriors/contracts';
import { api } from './api';

/** The deployment's settings (PROMO_URL, whether coaching is on...): read once per page load, kept for the session. */
export const clientConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClientConfig: build.query<ClientConfig, void>({
      query: () => '/client-config',
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { useGetClientConfigQuery } = clientConfigApi;
