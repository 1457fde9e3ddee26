import type { ProfilePictureBody, ProfileUpdateBody, User } from '@warriors/contracts';
import { api } from '../../lib/api';
import { userUpdated } from '../auth';

export type VisibilityFlag = 'profile_public' | 'show_on_leaderboard' | 'show_in_battle_pulse';

const VISIBILITY_PATHS: Record<VisibilityFlag, string> = {
  profile_public: '/settings/privacy',
  show_on_leaderboard: '/settings/leaderboard-visibility',
  show_in_battle_pulse: '/settings/battle-pulse-visibility',
};

/** What GET /users/{id}/public-profile answers; the endpoint and its full shape arrive in a later release. */
export interface PublicProfile {
  id: string;
  username: string;
  name?: string | null;
  profile_picture?: string | null;
  profile_public: boolean;
  created_at?: string | null;
  company?: string | null;
  specialty?: string | null;
  city?: string | null;
  state?: string | null;
  x_url?: string | null;
  bio?: string | null;
  streak_days?: number | null;
  total_points?: number | null;
  /** Why the rest is hidden when the profile is private. */
  message?: string | null;
}

/** Every settings call answers the updated user: the session takes it as is, so the UI changes only on success. */
async function keepSessionUser(dispatch: (action: unknown) => unknown, queryFulfilled: Promise<{ data: User }>) {
  try {
    const { data } = await queryFulfilled;
    dispatch(userUpdated(data));
  } catch {
    // The caller shows the failure; the session keeps the old user.
  }
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<User, ProfileUpdateBody>({
      query: (body) => ({ url: '/settings/profile', method: 'PUT', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepSessionUser(dispatch, queryFulfilled),
      invalidatesTags: (user) => (user ? [{ type: 'PublicProfile', id: user.id }] : []),
    }),
    updateVisibility: build.mutation<User, { flag: VisibilityFlag; value: boolean }>({
      query: ({ flag, value }) => ({ url: VISIBILITY_PATHS[flag], method: 'PUT', params: { [flag]: value } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepSessionUser(dispatch, queryFulfilled),
      invalidatesTags: (user) => (user ? [{ type: 'PublicProfile', id: user.id }] : []),
    }),
    uploadProfilePicture: build.mutation<User, ProfilePictureBody>({
      query: (body) => ({ url: '/settings/profile-picture', method: 'PUT', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepSessionUser(dispatch, queryFulfilled),
      invalidatesTags: (user) => (user ? [{ type: 'PublicProfile', id: user.id }] : []),
    }),
    deleteAccount: build.mutation<{ detail: string }, void>({
      query: () => ({ url: '/user/delete-account', method: 'DELETE' }),
    }),
    getPublicProfile: build.query<PublicProfile, string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/public-profile`,
      providesTags: (_profile, _error, userId) => [{ type: 'PublicProfile', id: userId }],
    }),
  }),
});

export const { useUpdateProfileMutation, useUpdateVisibilityMutation, useUploadProfilePictureMutation, useDeleteAccountMutation, useGetPublicProfileQuery } = profileApi;
