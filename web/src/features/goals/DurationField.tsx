import { GOAL_DURATION_MAX, GOAL_DURATION_MIN } from '@warriors/contracts';
import { TextField } from '../../components/TextField';

/** A goal's duration in days, 1-365, typed as text so the form's rule judges it. */
export function DurationField({ id, value, onChange }: { id: string; value: string; onChange: (text: string) => void }) {
  return (
    <TextField
      id={id}
      label="Duration (days)"
      type="number"
      inputMode="numeric"
      min={GOAL_DURATION_MIN}
      max={GOAL_DURATION_MAX}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
