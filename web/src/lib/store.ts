import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { sessionReducer } from './session';
import { api } from './api';
import { writeToken } from './token-storage';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; tests pass their own starting state so each gets a fresh one. */
export function makeStore(preloadedState?: Partial<RootState>) {
  // Reducers stay pure: persisting the token is a side effect of any change to it.
  const tokenPersistence = createListenerMiddleware<RootState>();
  tokenPersistence.startListening({
    predicate: (_action, current, previous) => current.session.token !== previous.session.token,
    effect: (_action, { getState }) => writeToken(getState().session.token),
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(tokenPersistence.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
