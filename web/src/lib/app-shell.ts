import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';

/** What the installed app tells the broker about itself: offline, showing saved data, a new version waiting. */
export interface AppShellState {
  /** The browser says it has no connection. */
  offline: boolean;
  /** When the oldest saved answer on screen was saved (ISO), while the app shows answers from the device's cache. */
  savedAt: string | null;
  /** A new version's service worker waits for the broker's go-ahead. */
  updateReady: boolean;
}

const initialState = (): AppShellState => ({ offline: typeof navigator !== 'undefined' && navigator.onLine === false, savedAt: null, updateReady: false });

const appShellSlice = createSlice({
  name: 'appShell',
  initialState,
  reducers: {
    connectivityChanged(state, action: PayloadAction<{ online: boolean }>) {
      state.offline = !action.payload.online;
    },
    /** An answer came from the device's cache, saved at this time. */
    savedAnswerShown(state, action: PayloadAction<string>) {
      if (state.savedAt === null || action.payload < state.savedAt) state.savedAt = action.payload;
    },
    /** The server answered: what the screens show is live again. */
    liveAnswerShown(state) {
      state.savedAt = null;
    },
    updateReady(state) {
      state.updateReady = true;
    },
  },
  selectors: {
    selectOffline: (state) => state.offline,
    selectSavedAt: (state) => state.savedAt,
    selectUpdateReady: (state) => state.updateReady,
  },
});

export const appShellReducer = appShellSlice.reducer;
export const { connectivityChanged, savedAnswerShown, liveAnswerShown, updateReady } = appShellSlice.actions;
export const { selectOffline, selectSavedAt, selectUpdateReady } = appShellSlice.selectors;

/**
 * How the waiting version is taken, set by the service worker's registration (a chunk of its own, loaded
 * after first paint) so the prompt needs no worker code in the first load.
 */
let applyUpdate: () => void = () => window.location.reload();

export function setUpdateHandler(handler: () => void): void {
  applyUpdate = handler;
}

export function takeUpdate(): void {
  applyUpdate();
}

/** Keeps the offline flag in step with the browser's. */
export function watchConnectivity(dispatch: Dispatch): void {
  window.addEventListener('online', () => dispatch(connectivityChanged({ online: true })));
  window.addEventListener('offline', () => dispatch(connectivityChanged({ online: false })));
}
