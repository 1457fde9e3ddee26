import type { ClientConfig } from '@warriors/contracts';
import { api } from './api';

/** The deployment's settings (PROMO_URL...): read once per page load, kept for the session. */
const clientConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClientConfig: build.query<ClientConfig, void>({
      query: () => '/client-config',
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { useGetClientConfigQuery } = clientConfigApi;
