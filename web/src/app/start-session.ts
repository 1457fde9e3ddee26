import { paths } from '../config/paths';
import { fetchCurrentUser } from '../lib/session';
import type { AppStore } from '../lib/store';

/** On load, a stored token is checked by fetching its user (spec point 4). */
export function startSession(store: AppStore): void {
  if (!store.getState().session.token) return;
  void store.dispatch(fetchCurrentUser());
  // The navigation bar is a chunk of its own (Layout), which holds the page until it is there: fetched
  // beside the user, it is usually there first.
  void import('./NavBar');
  // Opening the dashboard (the morning's page), its first screen's reads need not wait for the user.
  if (window.location.pathname === paths.dashboard) void import('./dashboard/first-reads').then(({ startFirstReads }) => startFirstReads(store));
}
