import { useId, useState, type FormEvent } from 'react';
import { ACTIVITY_CATALOG, MESSAGES } from '@warriors/contracts';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { FormErrors } from './FormErrors';
import type { ScoredActivityType } from './log-rules';

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
  const formId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) {
      setErrors([MESSAGES.honor]);
      return;
    }
    setErrors([]);
    const failure = await onConfirm();
    if (failure) setErrors([failure]);
  };

  return (
    <Modal
      title="Honor System"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Logging...' : `Log ${label}`}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <p>
          A {label} is worth {points} points. Warriors log only what really happened.
        </p>
        <FormErrors errors={errors} />
        <label className="check">
          <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
          <span>I confirm I am working on the honor system</span>
        </label>
      </form>
    </Modal>
  );
}
