import { isValidTimezone } from '@warriors/contracts';
import { paths } from '../config/paths';
import { fetchCurrentUser } from '../lib/session';
import type { AppStore } from '../lib/store';
import { startFirstReads } from './dashboard/first-reads';
import { loadNavBar } from './nav-bar-chunk';

/** On load, a stored token is checked by fetching its user (spec point 4). */
export function startSession(store: AppStore): void {
  const { token } = store.getState().session;
  if (!token) return;
  void store.dispatch(fetchCurrentUser());
  // The navigation bar is a chunk of its own (nav-bar-chunk), which holds the page until it is there:
  // fetched beside the user, it is usually there first, and the page then shows without suspending.
  void loadNavBar();
  // Opening the dashboard (the morning's page), its first screen's reads need not wait for the user.
  if (window.location.pathname === paths.dashboard) startFirstReads(token);
  // Every signed-in screen reads local dates. The first formatter bound to a time zone loads the
  // runtime's zone data (some 60 ms on a phone): done here, before the first paint, it stays out of the
  // first render, and the device's zone (usually the profile's) is then ready in the calendar's cache.
  isValidTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/**
 * A session the server could not confirm (the page opened offline, the server out of reach) asks for its
 * user again when the connection returns and when the broker comes back to the page; its answer ends the
 * offline banner, or a 401 the session.
 */
export function reconfirmSession(store: AppStore): void {
  const retry = () => {
    const { unconfirmed, loading } = store.getState().session;
    if (unconfirmed && !loading) void store.dispatch(fetchCurrentUser());
  };
  window.addEventListener('online', retry);
  window.addEventListener('focus', retry);
}
