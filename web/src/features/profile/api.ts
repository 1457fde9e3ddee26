import type { ChangeEmailBody, MessageResponse, ProfilePictureBody, ProfileUpdateBody, ProfileView, User, UserResponse } from '@warriors/contracts';
import { api } from '../../lib/api';
import { userUpdated } from '../../lib/session';

export type VisibilityFlag = 'profile_public' | 'show_on_leaderboard' | 'show_in_battle_pulse';

const VISIBILITY_PATHS: Record<VisibilityFlag, string> = {
  profile_public: '/settings/privacy',
  show_on_leaderboard: '/settings/leaderboard-visibility',
  show_in_battle_pulse: '/settings/battle-pulse-visibility',
};

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
    /** The new address gets a link; until it is opened the user shows it as pending_email. */
    changeEmail: build.mutation<UserResponse, ChangeEmailBody>({
      query: (body) => ({ url: '/settings/email', method: 'PUT', body }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          dispatch(userUpdated((await queryFulfilled).data.user));
        } catch {
          // The form shows the failure.
        }
      },
    }),
    resendVerification: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/email/verify/resend', method: 'POST' }),
    }),
    deleteAccount: build.mutation<{ detail: string }, void>({
      query: () => ({ url: '/user/delete-account', method: 'DELETE' }),
    }),
    getPublicProfile: build.query<ProfileView, string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/public-profile`,
      providesTags: (_profile, _error, userId) => [{ type: 'PublicProfile', id: userId }],
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useUpdateVisibilityMutation,
  useUploadProfilePictureMutation,
  useChangeEmailMutation,
  useResendVerificationMutation,
  useDeleteAccountMutation,
  useGetPublicProfileQuery,
} = profileApi;
