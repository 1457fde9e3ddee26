import { fetchCurrentUser } from '../lib/session';
import type { AppStore } from '../lib/store';

/** On load, a stored token is checked by fetching its user (spec point 4). */
export function startSession(store: AppStore): void {
  if (store.getState().session.token) void store.dispatch(fetchCurrentUser());
}
