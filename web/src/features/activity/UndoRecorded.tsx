import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { errorMessage } from '../../lib/api-error';
import { useDeleteActivityMutation } from './api';
import { usePendingSync } from './use-pending-sync';

/** How long the confirmation of the last log offers Undo, and how long 'Undone' then stays. */
export const UNDO_MS = 10_000;

/** The last log of this panel: on the server, kept on the device (no connection), or taken back. */
export type LastLog = { kind: 'recorded'; activityId: string; label: string } | { kind: 'saved'; key: string; label: string } | { kind: 'undone'; id: string; label: string };

export const lastLogId = (log: LastLog): string => (log.kind === 'recorded' ? log.activityId : log.kind === 'saved' ? log.key : log.id);

const TEXTS = {
  recorded: (label: string) => `Recorded! ${label}`,
  saved: (label: string) => `Saved on this device: ${label}`,
  undone: (label: string) => `Undone: ${label}`,
};

/**
 * The confirmation of the last log with its Undo, under the buttons so that it never moves one: a
 * press deletes the entry (no question asked: it is the entry just logged) or, for a log kept on the
 * device, takes it out of the queue before it is sent. `onUndone` then turns the line into 'Undone'.
 */
export function UndoRecorded({ log, onUndone }: { log: LastLog; onUndone: () => void }) {
  const [deleteActivity, { isLoading }] = useDeleteActivityMutation();
  const sync = usePendingSync();
  const [error, setError] = useState<string | null>(null);

  const undo = async () => {
    setError(null);
    try {
      if (log.kind === 'recorded') await deleteActivity(log.activityId).unwrap();
      else if (log.kind === 'saved' && !(await sync.remove(log.key))) throw new Error('sent');
      onUndone();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not undo the entry'));
    }
  };

  return (
    <div className="undo-recorded" role="status">
      <span className="undo-recorded__text">{TEXTS[log.kind](log.label)}</span>
      {log.kind !== 'undone' && (
        <button type="button" className="btn btn--secondary btn--small undo-recorded__button" disabled={isLoading} onClick={() => void undo()}>
          <Icon icon={UI_ICONS.undo} size={16} />
          Undo
        </button>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
