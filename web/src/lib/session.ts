import { createAsyncThunk, createSlice, isAnyOf, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { BADGE_TYPES, type Badge, type User } from '@warriors/contracts';
import { api } from './api';
import { hasStatus } from './api-error';
import { sessionApi } from './session-api';
import { readKnownUser, readToken } from './token-storage';
import { pendingLogsRead } from './pending-logs';

export interface SessionState {
  token: string | null;
  user: User | null;
  /** True while the user behind a stored token is being fetched (spec point 4). */
  loading: boolean;
  /** A message for the next auth screen: why the session ended (the account deleted, the token refused). */
  notice: SessionNotice | null;
  /**
   * The server could not say who the token's user is (offline, out of reach, failing): the session goes
   * on with the user last known, or, with none known on the device, waits for 'Try again'.
   */
  unconfirmed: boolean;
}

export interface SessionNotice {
  tone: 'success' | 'warning';
  text: string;
}

/** Said on the sign-in screen when the server refused the stored token (expired, signed with a retired secret, account gone). */
export const SESSION_ENDED_NOTICE: SessionNotice = { tone: 'warning', text: 'Your session has ended. Please sign in again.' };

export function initialSessionState(token: string | null = readToken()): SessionState {
  return { token, user: null, loading: token !== null, notice: null, unconfirmed: false };
}

/**
 * Fetches the user behind the token: on start, and whenever a screen needs fresh data (refresh). A
 * failure names the token it was asked with: one renewed meanwhile (a password changed on this device,
 * whose old token the live socket's close then reports) keeps its session. It also brings the user last
 * read under that token on this device, which a failure other than a 401 keeps on screen.
 */
export const fetchCurrentUser = createAsyncThunk<User, void, { rejectValue: unknown; rejectedMeta: { token: string | null; knownUser: User | null } }>(
  'session/fetchCurrentUser',
  async (_: void, { dispatch, getState, rejectWithValue }) => {
    const { token } = (getState() as { session: SessionState }).session;
    try {
      return await dispatch(sessionApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
    } catch (error) {
      console.error('Failed to fetch user', error);
      return rejectWithValue(error, { token, knownUser: token ? readKnownUser(token) : null });
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
        state.unconfirmed = false;
      })
      .addCase(fetchCurrentUser.rejected, (state, action) => {
        // A token renewed meanwhile keeps its session.
        if (action.meta.token && action.meta.token !== state.token) return { ...state, loading: false };
        // Only the server's refusal of the token (401) ends the session; the sign-in screen says why.
        if (hasStatus(action.payload, 401)) return { ...initialSessionState(null), notice: SESSION_ENDED_NOTICE };
        // Offline, out of reach or failing: the token stays, and the user last known with it (docs/decisions.md).
        return { ...state, user: state.user ?? action.meta.knownUser ?? null, loading: false, unconfirmed: true };
      })
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
          unconfirmed: false,
        }),
      );
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectSessionToken: (state) => state.token,
    selectSessionLoading: (state) => state.loading,
    selectSessionNotice: (state) => state.notice,
    selectSessionUnconfirmed: (state) => state.unconfirmed,
    /** A token kept whose user the server could not be asked for, and none known on the device. */
    selectSessionUnreachable: (state) => state.unconfirmed && state.user === null && !state.loading,
  },
});

export const sessionReducer = sessionSlice.reducer;
export const { userUpdated, logAnswered } = sessionSlice.actions;
export const { selectCurrentUser, selectSessionToken, selectSessionLoading, selectSessionNotice, selectSessionUnconfirmed, selectSessionUnreachable } = sessionSlice.selectors;

/** Logs out: clears the session and every cached response of the previous user. */
export const logout =
  (notice?: SessionNotice): ThunkAction<void, unknown, unknown, UnknownAction> =>
  (dispatch) => {
    dispatch(sessionSlice.actions.loggedOut(notice));
    dispatch(api.util.resetApiState());
    // The device keeps the queue for the broker's next sign-in; the next user sees none of it.
    dispatch(pendingLogsRead([]));
  };
