import { useState } from 'react';
import { ACTIVITY_CATALOG, MESSAGES } from '@warriors/contracts';
import { LogFormModal } from './LogFormModal';
import type { ScoredActivityType } from './log-rules';
import { counted } from '../../lib/counted';

interface HonorModalProps {
  activityType: ScoredActivityType;
  busy: boolean;
  /** Logs the activity; resolves to the failure text, or null once logged. */
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
}

/** Meetings and live conversations can't be checked by the app: the user vouches for them (spec point 4). */
export function HonorModal({ activityType, busy, onConfirm, onClose }: HonorModalProps) {
  const { label, points } = ACTIVITY_CATALOG[activityType];
  const [confirmed, setConfirmed] = useState(false);

  return (
    <LogFormModal
      title="Honor System"
      submitLabel={`Log ${label}`}
      busy={busy}
      validate={() => (confirmed ? [] : [MESSAGES.honor])}
      log={onConfirm}
      onClose={onClose}
      intro={
        <p>
          A {label} is worth {counted(points, 'point')}. Warriors log only what really happened.
        </p>
      }
    >
      {() => (
        <label className="check">
          <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
          <span>I confirm I am working on the honor system</span>
        </label>
      )}
    </LogFormModal>
  );
}
