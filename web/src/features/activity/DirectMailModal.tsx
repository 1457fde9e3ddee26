import { useState } from 'react';
import { BULK_MAX_QUANTITY, BULK_NOTE_MIN_LENGTH, BULK_NOTE_THRESHOLD } from '@warriors/contracts';
import { LogFormModal } from './LogFormModal';
import { needsNote, parseQuantity, planDirectMail, validateDirectMail, type DirectMailPlan } from './log-rules';
import { TextField } from '../../components/TextField';

interface DirectMailModalProps {
  busy: boolean;
  /** Logs the plan; resolves to the failure text, or null once logged. */
  onConfirm: (plan: DirectMailPlan) => Promise<string | null>;
  onClose: () => void;
}

/** Mailers go out by the batch: ask how many (spec point 4). */
export function DirectMailModal({ busy, onConfirm, onClose }: DirectMailModalProps) {
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const askNote = needsNote(parseQuantity(quantity));

  return (
    <LogFormModal
      title="Direct Mail"
      submitLabel="Log Direct Mail"
      busy={busy}
      validate={() => validateDirectMail(quantity, note)}
      log={() => onConfirm(planDirectMail(quantity, note))}
      onClose={onClose}
    >
      {(formId) => (
        <>
          <TextField
            id={`${formId}-quantity`}
            label="How many mailers did you send?"
            type="number"
            inputMode="numeric"
            min={1}
            max={BULK_MAX_QUANTITY}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
          {askNote && (
            <TextField
              id={`${formId}-note`}
              label="Description"
              as="textarea"
              after={
                <p className="hint">
                  Over {BULK_NOTE_THRESHOLD} mailers: describe the campaign in at least {BULK_NOTE_MIN_LENGTH} characters.
                </p>
              }
              rows={3}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </>
      )}
    </LogFormModal>
  );
}
