import { useState, type ChangeEvent } from 'react';
import { ACTIVITY_CATALOG, BULK_MAX_QUANTITY, BULK_NOTE_MIN_LENGTH, BULK_NOTE_THRESHOLD, SCORED_ACTIVITY_TYPES, type BulkActivityBody } from '@warriors/contracts';
import { LogFormModal } from './LogFormModal';
import { toBulkBody, validateBulkForm, type BulkFormValues, type ScoredActivityType } from './log-rules';
import { TextField } from '../../components/TextField';
import { counted } from '../../lib/counted';

interface BulkModalProps {
  busy: boolean;
  /** Logs the entry; resolves to the failure text, or null once logged. */
  onConfirm: (body: BulkActivityBody) => Promise<string | null>;
  onClose: () => void;
}

/** Many of one activity at once, e.g. an afternoon's calls logged after the fact (spec point 5 rules). */
export function BulkModal({ busy, onConfirm, onClose }: BulkModalProps) {
  const [values, setValues] = useState<BulkFormValues>({ activityType: 'cold_call', quantity: '1', note: '', honestyConfirmed: false });

  const update = (field: 'quantity' | 'note') => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <LogFormModal title="Bulk Entry" submitLabel="Log Bulk Entry" busy={busy} validate={() => validateBulkForm(values)} log={() => onConfirm(toBulkBody(values))} onClose={onClose}>
      {(formId) => (
        <>
          <TextField
            id={`${formId}-type`}
            label="Activity"
            as="select"
            value={values.activityType}
            onChange={(event) => setValues((current) => ({ ...current, activityType: event.target.value as ScoredActivityType }))}
          >
            {SCORED_ACTIVITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {ACTIVITY_CATALOG[type].label} (+{counted(ACTIVITY_CATALOG[type].points, 'pt')} each)
              </option>
            ))}
          </TextField>
          <TextField
            id={`${formId}-quantity`}
            label="Quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={BULK_MAX_QUANTITY}
            value={values.quantity}
            onChange={update('quantity')}
          />
          <TextField
            id={`${formId}-note`}
            label="Note"
            as="textarea"
            hint={
              <>
                Required above {BULK_NOTE_THRESHOLD}: at least {BULK_NOTE_MIN_LENGTH} characters on what you did.
              </>
            }
            rows={3}
            value={values.note}
            onChange={update('note')}
          />
          <label className="check">
            <input type="checkbox" checked={values.honestyConfirmed} onChange={(event) => setValues((current) => ({ ...current, honestyConfirmed: event.target.checked }))} />
            <span>I confirm this entry is accurate</span>
          </label>
        </>
      )}
    </LogFormModal>
  );
}
