import { createAsyncThunk, createSlice, isAnyOf, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { BADGE_TYPES, type Badge, type User } from '@warriors/contracts';
import { api } from './api';
import { hasStatus } from './api-error';
import { sessionApi } from './session-api';
import { readToken } from './token-storage';
import { pendingLogsRead } from './pending-logs';

export interface SessionState {
  token: string | null;
  user: User | null;
  /** True while the user behind a stored token is being fetched (spec point 4). */
  loading: boolean;
  /** A message for the next auth screen: why the session ended (the account deleted, the token refused). */
  notice: SessionNotice | null;
}

export interface SessionNotice {
  tone: 'success' | 'warning';
  text: string;
}

/** Said on the sign-in screen when the server refused the stored token (expired, signed with a retired secret, account gone). */
export const SESSION_ENDED_NOTICE: SessionNotice = { tone: 'warning', text: 'Your session has ended. Please sign in again.' };
/** Said when the user behind the token could not be read for another reason (the server or the network failed). */
export const SESSION_UNREADABLE_NOTICE: SessionNotice = { tone: 'warning', text: "We couldn't load your account. Please sign in again." };

export function initialSessionState(token: string | null = readToken()): SessionState {
  return { token, user: null, loading: token !== null, notice: null };
}

/**
 * Fetches the user behind the token: on start, and whenever a screen needs fresh data (refresh). A
 * failure names the token it was asked with: one renewed meanwhile (a password changed on this device,
 * whose old token the live socket's close then reports) keeps its session.
 */
export const fetchCurrentUser = createAsyncThunk<User, void, { rejectValue: unknown; rejectedMeta: { token: string | null } }>(
  'session/fetchCurrentUser',
  async (_: void, { dispatch, getState, rejectWithValue }) => {
    const { token } = (getState() as { session: SessionState }).session;
    try {
      return await dispatch(sessionApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
    } catch (error) {
      console.error('Failed to fetch user', error);
      return rejectWithValue(error, { token });
    }
  },
);

/**
 * The user as /me shows them after a log gamification answered: its streak, and the badges it earned
 * in place of their earlier awards (/me lists each type once, its latest award, in catalog order).
 */
export function userAfterLog(user: User, answer: { streak_days: number; badges: readonly Badge[] }): User {
  const latest = new Map([...user.badges, ...answer.badges].map((badge) => [badge.badge_type, badge]));
  return { ...user, streak_days: answer.streak_days, badges: BADGE_TYPES.flatMap((type) => latest.get(type) ?? []) };
}

const sessionSlice = createSlice({
  name: 'session',
  // Lazy, so every store (and every test) reads localStorage afresh.
  initialState: () => initialSessionState(),
  reducers: {
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    logAnswered(state, action: PayloadAction<{ streak_days: number; badges: Badge[] }>) {
      if (state.user) state.user = userAfterLog(state.user, action.payload);
    },
    loggedOut(_state, action: PayloadAction<SessionNotice | undefined>) {
      return { ...initialSessionState(null), notice: action.payload ?? null };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCurrentUser.pending, (state) => {
        // A refresh keeps the screen; only a session without a user shows the loading screen.
        state.loading = state.user === null;
      })
      .addCase(fetchCurrentUser.fulfilled, (state, action) => {
        state.user = action.payload;
        state.loading = false;
      })
      // Spec: on failure the token is removed and the session cleared; the sign-in screen says why.
      .addCase(fetchCurrentUser.rejected, (state, action) =>
        action.meta.token && action.meta.token !== state.token
          ? { ...state, loading: false }
          : { ...initialSessionState(null), notice: hasStatus(action.payload, 401) ? SESSION_ENDED_NOTICE : SESSION_UNREADABLE_NOTICE },
      )
      .addMatcher(
        isAnyOf(
          sessionApi.endpoints.login.matchFulfilled,
          sessionApi.endpoints.signup.matchFulfilled,
          sessionApi.endpoints.resetPassword.matchFulfilled,
          sessionApi.endpoints.changePassword.matchFulfilled,
          sessionApi.endpoints.revokeSessions.matchFulfilled,
        ),
        (_state, action) => ({
          token: action.payload.access_token,
          user: action.payload.user,
          loading: false,
          notice: null,
        }),
      );
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectSessionToken: (state) => state.token,
    selectSessionLoading: (state) => state.loading,
    selectSessionNotice: (state) => state.notice,
  },
});

export const sessionReducer = sessionSlice.reducer;
export const { userUpdated, logAnswered } = sessionSlice.actions;
export const { selectCurrentUser, selectSessionToken, selectSessionLoading, selectSessionNotice } = sessionSlice.selectors;

/** Logs out: clears the session and every cached response of the previous user. */
export const logout =
  (notice?: SessionNotice): ThunkAction<void, unknown, unknown, UnknownAction> =>
  (dispatch) => {
    dispatch(sessionSlice.actions.loggedOut(notice));
    dispatch(api.util.resetApiState());
    // The device keeps the queue for the broker's next sign-in; the next user sees none of it.
    dispatch(pendingLogsRead([]));
  };
