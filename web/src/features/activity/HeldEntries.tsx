import { useState } from 'react';
import type { HeldActivity } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { errorMessage } from '../../lib/api-error';
import { activityCount, counted } from '../../lib/counted';
import { useLogFailure } from '../../lib/use-log-failure';
import { useConfirmActivityMutation, useGetHeldActivitiesQuery } from './api';
import './activity.css';

export const CONFIRMED_TEXT = 'Confirmed: its points are on the leaderboards.';
const CONFIRM_FAILED = 'Failed to confirm activity';

/** A local date (YYYY-MM-DD) as 'Mar 12, 2025', the same whatever the browser's zone. */
const localDateText = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Confirms one held entry and says how it went. */
function ConfirmHeld({ activityId, label, onConfirmed }: { activityId: string; label: string; onConfirmed?: () => void }) {
  const [confirm, { isLoading, isSuccess }] = useConfirmActivityMutation();
  const [error, setError] = useState<string | null>(null);
  if (isSuccess) return <Alert tone="success">{CONFIRMED_TEXT}</Alert>;
  const onConfirm = async () => {
    setError(null);
    try {
      await confirm(activityId).unwrap();
      onConfirmed?.();
    } catch (failure) {
      setError(errorMessage(failure, CONFIRM_FAILED));
    }
  };
  return (
    <>
      <Button variant="secondary" disabled={isLoading} onClick={() => void onConfirm()} aria-label={label}>
        Confirm
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </>
  );
}

/** What the log flow shows when the server held the entry it just logged: its message and Confirm. */
export function HeldNotice({ activityId, message }: { activityId: string; message: string }) {
  return (
    <div className="held-notice">
      <Alert tone="warning">{message}</Alert>
      <ConfirmHeld activityId={activityId} label="Confirm this entry" />
    </div>
  );
}

/** The broker's entries still held off the leaderboards, each with Confirm; nothing when there are none. */
export function HeldEntries({ except }: { except?: string }) {
  const { data, error } = useGetHeldActivitiesQuery();
  useLogFailure(error, 'Failed to fetch held activities');
  // A confirmed entry leaves the refetched list; it stays here, marked confirmed, so the click is answered.
  const [confirmed, setConfirmed] = useState<HeldActivity[]>([]);
  const stillHeld = (data ?? []).filter((entry) => entry.activity_id !== except && !confirmed.some((c) => c.activity_id === entry.activity_id));
  const entries = [...stillHeld, ...confirmed];
  if (entries.length === 0) return null;
  return (
    <section className="held-entries" aria-labelledby="held-entries-title">
      <h3 className="held-entries__title" id="held-entries-title">
        Held for your confirmation
      </h3>
      <p className="held-entries__hint">These entries are above a daily limit, so their points stay off the leaderboards until you confirm them.</p>
      <ul className="held-entries__list">
        {entries.map((entry) => (
          <HeldEntry key={entry.activity_id} entry={entry} confirmed={confirmed.includes(entry)} onConfirmed={() => setConfirmed((done) => [...done, entry])} />
        ))}
      </ul>
    </section>
  );
}

function HeldEntry({ entry, confirmed, onConfirmed }: { entry: HeldActivity; confirmed: boolean; onConfirmed: () => void }) {
  const text = `${activityCount(entry.quantity, entry.activity_type)} on ${localDateText(entry.local_date)} (${counted(entry.points, 'pt')})`;
  return (
    <li className="held-entries__item">
      <span>{text}</span>
      {confirmed ? <Alert tone="success">{CONFIRMED_TEXT}</Alert> : <ConfirmHeld activityId={entry.activity_id} label={`Confirm ${text}`} onConfirmed={onConfirmed} />}
    </li>
  );
}
