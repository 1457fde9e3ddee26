import { useState } from 'react';
import { ACTIVITY_CATALOG } from '@warriors/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { errorMessage } from '../../lib/api-error';
import { useDeleteActivityMutation } from './api';
import type { FeedLine } from './feed-lines';

/**
 * Delete on one of the broker's own Shots Fired lines of their day: it deletes the line's newest entry
 * (a line tells a run of one type as one, so each press takes one entry back), once asked. Everything
 * the entry fed is reversed by the services; the server refuses an entry outside the broker's day.
 */
export function DeleteEntryButton({ line }: { line: FeedLine }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleteActivity, { isLoading }] = useDeleteActivityMutation();
  const { label } = ACTIVITY_CATALOG[line.activity_type];

  const remove = async () => {
    setError(null);
    try {
      await deleteActivity(line.entryId).unwrap();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not delete the entry'));
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="feed__delete-box">
      <button type="button" className="feed__delete" aria-label={`Delete your latest ${label}`} disabled={isLoading} onClick={() => setAsking(true)}>
        <Icon icon={UI_ICONS.delete} size={16} />
      </button>
      {error && (
        <p className="feed__error" role="alert">
          {error}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title="Delete this entry?"
          message={`Delete your latest ${label}? Its points come off every board, goal and challenge.`}
          confirmLabel="Delete"
          busy={isLoading}
          onConfirm={() => void remove()}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
}
