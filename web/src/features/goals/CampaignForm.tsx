import { useId, useState, type FormEvent } from 'react';
import { GOAL_ACTIVITY_TYPES } from '@warriors/contracts';
import { ActivityCountPicker } from '../../components/ActivityCountPicker';
import { Button } from '../../components/Button';
import { FormErrors } from '../../components/FormErrors';
import { TextField } from '../../components/TextField';
import { DurationField } from './DurationField';
import type { CampaignBody } from './api';
import { campaignBody, validateCampaignForm, type CampaignFormValues } from './goal-rules';
import './goals.css';

interface CampaignFormProps {
  initial: CampaignFormValues;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Saves; resolves to the failure text, or null once saved. */
  onSubmit: (body: CampaignBody) => Promise<string | null>;
  onCancel?: () => void;
  /** The name field's id, for a screen that moves focus to the form. */
  nameId?: string;
  /** Clears the fields after a save, for a form that creates one campaign after another. */
  resetOnSave?: boolean;
}

/** The goals screen's custom campaign, created or edited, with the count rules of spec point 5. */
export function CampaignForm({ initial, submitLabel, busyLabel, busy, onSubmit, onCancel, nameId, resetOnSave = false }: CampaignFormProps) {
  const formId = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const nameField = nameId ?? `${formId}-name`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateCampaignForm(values);
    setErrors(problems);
    if (problems.length > 0) return;
    const failure = await onSubmit(campaignBody(values));
    if (failure) setErrors([failure]);
    else if (resetOnSave) setValues(initial);
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormErrors errors={errors} />
      <div className="form__row">
        <TextField id={nameField} label="Campaign Name" value={values.name} maxLength={120} onChange={(event) => setValues({ ...values, name: event.target.value })} required />
        <DurationField id={`${formId}-duration`} value={values.duration} onChange={(duration) => setValues({ ...values, duration })} />
      </div>
      <ActivityCountPicker
        types={GOAL_ACTIVITY_TYPES}
        idPrefix={`${formId}-activity`}
        legend="Activity Goals"
        selection={values.selection}
        onChange={(selection) => setValues({ ...values, selection })}
      />
      <div className="form__actions">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
