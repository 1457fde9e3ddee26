import { useId, useState, type FormEvent } from 'react';
import type { CreateChallengeBody } from '@warriors/contracts';
import { ActivityCountPicker } from '../../components/ActivityCountPicker';
import { Button } from '../../components/Button';
import { FormErrors } from '../../components/FormErrors';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { CHALLENGE_ACTIVITY_TYPES, challengeBody, validateChallengeForm, type ChallengeFormValues } from './challenge-rules';
import { InviteeSearch } from './InviteeSearch';

interface ChallengeFormModalProps {
  mode: 'create' | 'edit';
  initial: ChallengeFormValues;
  busy: boolean;
  /** Saves; resolves to the failure text, or null once saved. */
  onSubmit: (body: CreateChallengeBody) => Promise<string | null>;
  onClose: () => void;
}

const TEXTS = {
  create: { title: 'Create Challenge', submit: 'Create Challenge', busy: 'Creating...', invites: 'Invite Warriors' },
  edit: { title: 'Edit Challenge', submit: 'Update Challenge', busy: 'Updating...', invites: 'Send Additional Invites' },
} as const;

/** The create and edit modals of spec point 2: the same fields, with the counts' blur rule of point 5. */
export function ChallengeFormModal({ mode, initial, busy, onSubmit, onClose }: ChallengeFormModalProps) {
  const id = useId();
  const texts = TEXTS[mode];
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const set = <K extends keyof ChallengeFormValues>(field: K, value: ChallengeFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Judged at the moment of sending, as the server judges it on arrival.
    const problems = validateChallengeForm(values, new Date(), mode === 'edit' ? initial.start : undefined);
    setErrors(problems);
    if (problems.length > 0) return;
    const failure = await onSubmit(challengeBody(values));
    if (failure) setErrors([failure]);
  };

  return (
    <Modal
      title={texts.title}
      onClose={onClose}
      wide
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={busy}>
            {busy ? texts.busy : texts.submit}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="form challenge-form" onSubmit={submit} noValidate>
        <FormErrors errors={errors} />
        <TextField
          id={`${id}-name`}
          label="Challenge Name"
          value={values.name}
          maxLength={120}
          required
          aria-required="true"
          onChange={(event) => set('name', event.target.value)}
        />
        <TextField
          id={`${id}-description`}
          label={
            <>
              Description <span className="muted">(optional)</span>
            </>
          }
          as="textarea"
          rows={3}
          maxLength={1000}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
        />
        <div className="form__row">
          <TextField
            id={`${id}-start`}
            label="Start Date"
            type="datetime-local"
            required
            aria-required="true"
            value={values.start}
            onChange={(event) => set('start', event.target.value)}
          />
          <TextField
            id={`${id}-end`}
            label="End Date"
            type="datetime-local"
            required
            aria-required="true"
            value={values.end}
            onChange={(event) => set('end', event.target.value)}
          />
        </div>
        <ActivityCountPicker
          idPrefix={`${id}-goal`}
          legend="Activity Goals"
          types={CHALLENGE_ACTIVITY_TYPES}
          selection={values.goals}
          onChange={(goals) => set('goals', goals)}
          countWord="quantity"
        />
        <TextField
          id={`${id}-target`}
          label={
            <>
              Points Target <span className="muted">(optional)</span>
            </>
          }
          hint="Leave empty to use the total points of the activity goals."
          type="number"
          inputMode="numeric"
          min={1}
          value={values.pointsTarget}
          onChange={(event) => set('pointsTarget', event.target.value)}
        />
        <label className="check challenge-form__private" htmlFor={`${id}-private`}>
          <input id={`${id}-private`} type="checkbox" checked={values.isPrivate} onChange={(event) => set('isPrivate', event.target.checked)} />
          <span>
            <strong>Private Challenge</strong>
            <span className="hint"> Only invited warriors can join</span>
          </span>
        </label>
        {values.isPrivate && (
          <fieldset className="challenge-invites">
            <legend>{texts.invites}</legend>
            <TextField
              id={`${id}-emails`}
              label="Invite by Email"
              as="textarea"
              hint='One "Name, Email" per line.'
              rows={3}
              value={values.inviteEmails}
              placeholder={'Jane Doe, jane@example.com\nJohn Roe, john@example.com'}
              onChange={(event) => set('inviteEmails', event.target.value)}
            />
            <InviteeSearch picked={values.invitees} onChange={(invitees) => set('invitees', invitees)} />
          </fieldset>
        )}
      </form>
    </Modal>
  );
}
