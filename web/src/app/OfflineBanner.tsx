import { selectOffline, selectSavedAt } from '../lib/app-shell';
import { useAppSelector } from '../lib/hooks';
import { selectSessionUnconfirmed } from '../lib/session';
import './AppStatus.css';

/** When a saved answer was saved, as the broker reads it: the weekday and the time ('Thu 9:41 AM'). */
export function savedTime(savedAt: string): string {
  return new Date(savedAt).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });
}

/**
 * Says so whenever the screens show data from the device rather than the server (offline, or the
 * server out of reach, saved answers or the user last known), and since when that data is; gone once
 * the server answers again.
 */
export function OfflineBanner() {
  const offline = useAppSelector(selectOffline);
  const savedAt = useAppSelector(selectSavedAt);
  const unconfirmed = useAppSelector(selectSessionUnconfirmed);
  if (!offline && savedAt === null && !unconfirmed) return null;
  const reason = offline ? 'Offline' : "Can't reach the server";
  return (
    <div className="app-status app-status--offline" role="status">
      {savedAt === null ? `${reason} — what needs the server will load when you're back online.` : `${reason} — showing saved data from ${savedTime(savedAt)}.`}
    </div>
  );
}
