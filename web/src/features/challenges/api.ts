import type { Challenge, ChallengeInvite, ChallengeLeaderboardEntry, CreateChallengeBody, PublicChallenge, UpdateChallengeBody, UserSearchResult } from '@warriors/contracts';
import { api } from '../../lib/api';
import type { ApiMeta } from '../../lib/base-query';

/** The three tabs' lists: open challenges to join, the caller's running ones, the caller's finished ones. */
export type ChallengeListKey = 'open' | 'mine' | 'past';

/** The caller's own lists, answered whole; the open list comes in pages (getOpenChallenges). */
export type MyChallengeListKey = Exclude<ChallengeListKey, 'open'>;

const MY_LIST_URLS: Record<MyChallengeListKey, string> = {
  mine: '/challenges/my?window=active',
  past: '/challenges/my?window=completed',
};

const OPEN_LIST_URL = '/challenges/open?window=active';

/** One page of the open list and where the next starts (null on the last). */
export interface OpenChallengesPage {
  challenges: Challenge[];
  nextCursor: string | null;
}

/** Any change to a challenge or to who is in it may move it between every list, so they refresh together. */
const CHALLENGES = ['Challenges'] as const;

export const challengesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChallenges: build.query<Challenge[], MyChallengeListKey>({
      query: (list) => MY_LIST_URLS[list],
      providesTags: [...CHALLENGES],
    }),
    /** The server's pages (200 challenges each) in order; a refresh reloads every page shown. */
    getOpenChallenges: build.infiniteQuery<OpenChallengesPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ pageParam }) => (pageParam === null ? OPEN_LIST_URL : `${OPEN_LIST_URL}&after=${encodeURIComponent(pageParam)}`),
      transformResponse: (challenges: Challenge[], meta: ApiMeta | undefined) => ({ challenges, nextCursor: meta?.nextCursor ?? null }),
      providesTags: [...CHALLENGES],
    }),
    getChallenge: build.query<Challenge, number>({
      query: (id) => `/challenges/${id}`,
      providesTags: [...CHALLENGES],
    }),
    getChallengeLeaderboard: build.query<ChallengeLeaderboardEntry[], number>({
      query: (id) => `/challenges/${id}/leaderboard`,
      providesTags: [...CHALLENGES],
    }),
    /** No token needed: what an invitation link shows to anyone. */
    getPublicChallenge: build.query<PublicChallenge, string>({
      query: (id) => `/challenges/public/${encodeURIComponent(id)}`,
    }),
    createChallenge: build.mutation<Challenge, CreateChallengeBody>({
      query: (body) => ({ url: '/challenges', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...CHALLENGES] : []),
    }),
    updateChallenge: build.mutation<Challenge, { id: number; body: UpdateChallengeBody }>({
      query: ({ id, body }) => ({ url: `/challenges/${id}/update`, method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...CHALLENGES] : []),
    }),
    joinChallenge: build.mutation<unknown, number>({
      query: (id) => ({ url: `/challenges/${id}/join`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [...CHALLENGES, 'ChallengeInvites']),
    }),
    leaveChallenge: build.mutation<unknown, number>({
      query: (id) => ({ url: `/challenges/${id}/leave`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [...CHALLENGES]),
    }),
    deleteChallenge: build.mutation<unknown, number>({
      query: (id) => ({ url: `/challenges/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [...CHALLENGES]),
    }),
    getChallengeInvites: build.query<ChallengeInvite[], void>({
      query: () => '/challenge-invites',
      providesTags: ['ChallengeInvites'],
    }),
    /** Accepting joins the challenge; the invite leaves the list at once. */
    acceptChallengeInvite: build.mutation<unknown, string>({
      query: (inviteId) => ({ url: `/challenge-invites/${encodeURIComponent(inviteId)}/accept`, method: 'POST' }),
      onQueryStarted: async (inviteId, { dispatch, queryFulfilled }) => {
        await queryFulfilled;
        dispatch(challengesApi.util.updateQueryData('getChallengeInvites', undefined, (invites) => invites.filter((invite) => invite.invite_id !== inviteId)));
      },
      invalidatesTags: (_result, error) => (error ? [] : [...CHALLENGES, 'ChallengeInvites']),
    }),
    declineChallengeInvite: build.mutation<unknown, string>({
      query: (inviteId) => ({ url: `/challenge-invites/${encodeURIComponent(inviteId)}/decline`, method: 'POST' }),
      onQueryStarted: async (inviteId, { dispatch, queryFulfilled }) => {
        await queryFulfilled;
        dispatch(challengesApi.util.updateQueryData('getChallengeInvites', undefined, (invites) => invites.filter((invite) => invite.invite_id !== inviteId)));
      },
      invalidatesTags: (_result, error) => (error ? [] : ['ChallengeInvites']),
    }),
    /** The invitee picker: 2+ characters, the caller left out by the server. */
    searchUsers: build.query<UserSearchResult[], string>({
      query: (text) => `/users/search?q=${encodeURIComponent(text)}`,
    }),
  }),
});

export const {
  useGetChallengesQuery,
  useGetOpenChallengesInfiniteQuery,
  useGetChallengeQuery,
  useGetChallengeLeaderboardQuery,
  useGetPublicChallengeQuery,
  useCreateChallengeMutation,
  useUpdateChallengeMutation,
  useJoinChallengeMutation,
  useLeaveChallengeMutation,
  useDeleteChallengeMutation,
  useGetChallengeInvitesQuery,
  useAcceptChallengeInviteMutation,
  useDeclineChallengeInviteMutation,
  useSearchUsersQuery,
} = challengesApi;
