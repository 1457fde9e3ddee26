import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { errorMessage } from '../../lib/api-error';
import { useDeleteActivityMutation } from './api';

/** How long the 'Recorded!' confirmation offers Undo after a log. */
export const UNDO_MS = 10_000;

/**
 * The confirmation of the last log with its Undo: one press deletes the entry (no question asked:
 * it is the entry just logged) and everything it fed is taken back. Shown for UNDO_MS by the panel.
 */
export function UndoRecorded({ activityId, label, onUndone }: { activityId: string; label: string; onUndone: () => void }) {
  const [deleteActivity, { isLoading }] = useDeleteActivityMutation();
  const [error, setError] = useState<string | null>(null);

  const undo = async () => {
    setError(null);
    try {
      await deleteActivity(activityId).unwrap();
      onUndone();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not undo the entry'));
    }
  };

  return (
    <div className="undo-recorded" role="status">
      <span className="undo-recorded__text">Recorded! {label}</span>
      <button type="button" className="btn btn--secondary btn--small undo-recorded__button" disabled={isLoading} onClick={() => void undo()}>
        <Icon icon={UI_ICONS.undo} size={16} />
        Undo
      </button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
