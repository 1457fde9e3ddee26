import { Alert } from '../../components/Alert';
import { activityCount, counted } from '../../lib/counted';
import { useAppSelector } from '../../lib/hooks';
import { selectPendingLogs } from '../../lib/pending-logs';
import { usePendingSync } from './use-pending-sync';

export const PENDING_TEXT = "Will sync when you're back online";

/** Said before a sign-out leaves logs on the device (docs/decisions.md, "Signing out with logs not yet synced"). */
export const signOutWarning = (count: number): string =>
  `${counted(count, 'log')} made on this device ${count === 1 ? 'has' : 'have'} not reached the server yet. ` +
  'Signed out, nothing is sent: they stay on this device and are sent the next time you sign in here.';

/**
 * The logs made on this device that the server does not have yet: waiting ones say they will sync;
 * one the server refused says why, in its words, and leaves only when the broker dismisses it.
 */
export function PendingLogs() {
  const entries = useAppSelector(selectPendingLogs);
  const sync = usePendingSync();
  if (entries.length === 0) return null;
  return (
    <ul className="pending-logs" aria-label="Logs not yet synced">
      {entries.map((entry) => (
        <li key={entry.key} className="pending-logs__item">
          {entry.refusal === null ? (
            <Alert tone="warning">
              <strong>{activityCount(entry.quantity, entry.activity_type)}</strong> · {PENDING_TEXT}
            </Alert>
          ) : (
            <Alert tone="error">
              <strong>{activityCount(entry.quantity, entry.activity_type)}</strong> was not logged: {entry.refusal}{' '}
              <button type="button" className="btn btn--small" onClick={() => void sync.dismiss(entry.key)}>
                Dismiss
              </button>
            </Alert>
          )}
        </li>
      ))}
    </ul>
  );
}
