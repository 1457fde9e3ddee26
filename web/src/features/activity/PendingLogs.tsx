import type { ActivityType } from '@warriors/contracts';
import type { PendingLog } from '../../lib/offline-queue';
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

/** '4 logs waiting to sync · 1 Cold Call, 3 Doorknocks': the waiting logs, their quantities summed by type in the order first made. */
export function waitingSummary(entries: readonly Pick<PendingLog, 'activity_type' | 'quantity'>[]): string {
  const byType = new Map<ActivityType, number>();
  for (const entry of entries) byType.set(entry.activity_type, (byType.get(entry.activity_type) ?? 0) + entry.quantity);
  const kinds = [...byType].map(([type, quantity]) => activityCount(quantity, type));
  return `${counted(entries.length, 'log')} waiting to sync · ${kinds.join(', ')}`;
}

/**
 * The logs made on this device that the server does not have yet, under the buttons: the waiting ones
 * as one line that opens into the list (each removable before it is sent); one the server refused
 * says why, in its words, and leaves only when the broker dismisses it.
 */
export function PendingLogs() {
  const entries = useAppSelector(selectPendingLogs);
  const sync = usePendingSync();
  const waiting = entries.filter((entry) => entry.refusal === null);
  const refused = entries.filter((entry) => entry.refusal !== null);
  if (entries.length === 0) return null;
  return (
    <div className="pending-logs">
      {waiting.length > 0 && (
        <details className="pending-logs__waiting">
          <summary>
            <span className="pending-logs__summary">{waitingSummary(waiting)}</span>
            <span className="pending-logs__hint">{PENDING_TEXT}</span>
          </summary>
          <ul className="pending-logs__list" aria-label="Logs not yet synced">
            {waiting.map((entry) => {
              const label = activityCount(entry.quantity, entry.activity_type);
              return (
                <li key={entry.key} className="pending-logs__item">
                  <span>{label}</span>
                  <button type="button" className="btn btn--ghost btn--small" aria-label={`Remove ${label}`} onClick={() => void sync.remove(entry.key)}>
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        </details>
      )}
      {refused.map((entry) => (
        <Alert key={entry.key} tone="error">
          <strong>{activityCount(entry.quantity, entry.activity_type)}</strong> was not logged: {entry.refusal}{' '}
          <button type="button" className="btn btn--small" onClick={() => void sync.dismiss(entry.key)}>
            Dismiss
          </button>
        </Alert>
      ))}
    </div>
  );
}
