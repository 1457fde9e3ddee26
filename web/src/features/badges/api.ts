import type { Badge, BadgeDefinitionsResponse, BadgeProgress } from '@warriors/contracts';
import { api } from '../../lib/api';

export const badgesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBadges: build.query<Badge[], void>({
      query: () => '/badges',
      providesTags: ['Badges'],
    }),
    // Tagged with the badges: a log that may earn one moves the progress too.
    getBadgeProgress: build.query<BadgeProgress[], void>({
      query: () => '/badges/progress',
      providesTags: ['Badges'],
    }),
    // The catalogue changes only with a release: no tag, nothing invalidates it.
    getBadgeDefinitions: build.query<BadgeDefinitionsResponse, void>({
      query: () => '/badge-definitions',
    }),
  }),
});

export const { useGetBadgesQuery, useGetBadgeDefinitionsQuery, useGetBadgeProgressQuery } = badgesApi;
