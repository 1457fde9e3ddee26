import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { sessionReducer } from './session';
import { pendingLogsReducer } from './pending-logs';
import { api } from './api';
import { writeKnownUser, writeToken } from './token-storage';
import { appShellReducer } from './app-shell';
import { clearApiCaches } from './offline-cache';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionReducer,
  appShell: appShellReducer,
  pendingLogs: pendingLogsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; tests pass their own starting state so each gets a fresh one. */
export function makeStore(preloadedState?: Partial<RootState>) {
  // Reducers stay pure: persisting the token, and the user last read with it, is a side effect of any change to them.
  const sessionPersistence = createListenerMiddleware<RootState>();
  sessionPersistence.startListening({
    predicate: (_action, current, previous) => current.session.token !== previous.session.token || current.session.user !== previous.session.user,
    effect: (_action, { getState, getOriginalState }) => {
      const { token, user } = getState().session;
      writeKnownUser(token, user);
      const previous = getOriginalState().session.token;
      if (token === previous) return;
      writeToken(token);
      // The device's saved reads were the previous session's: a signed-out device, or the next broker, must not see them.
      if (previous !== null) void clearApiCaches().catch((error: unknown) => console.error('Saved reads were not cleared', error));
    },
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(sessionPersistence.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
