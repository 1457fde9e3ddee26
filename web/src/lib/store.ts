import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { sessionReducer } from './session';
import { pendingLogsReducer } from './pending-logs';
import { api } from './api';
import { writeToken } from './token-storage';
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
  // Reducers stay pure: persisting the token is a side effect of any change to it.
  const tokenPersistence = createListenerMiddleware<RootState>();
  tokenPersistence.startListening({
    predicate: (_action, current, previous) => current.session.token !== previous.session.token,
    effect: (_action, { getState, getOriginalState }) => {
      writeToken(getState().session.token);
      // The device's saved reads were the previous session's: a signed-out device, or the next broker, must not see them.
      if (getOriginalState().session.token !== null) void clearApiCaches().catch((error: unknown) => console.error('Saved reads were not cleared', error));
    },
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(tokenPersistence.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
