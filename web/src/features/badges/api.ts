import type { Badge, BadgeDefinitionsResponse } from '@warriors/contracts';
import { api } from '../../lib/api';

export const badgesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBadges: build.query<Badge[], void>({
      query: () => '/badges',
      providesTags: ['Badges'],
    }),
    // The catalogue changes only with a release: no tag, nothing invalidates it.
    getBadgeDefinitions: build.query<BadgeDefinitionsResponse, void>({
      query: () => '/badge-definitions',
    }),
  }),
});

export const { useGetBadgesQuery, useGetBadgeDefinitionsQuery } = badgesApi;
