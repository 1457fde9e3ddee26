import { GOAL_DURATION_MAX, GOAL_DURATION_MIN } from '@warriors/contracts';

/** A goal's duration in days, 1-365, typed as text so the form's rule judges it. */
export function DurationField({ id, value, onChange }: { id: string; value: string; onChange: (text: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>Duration (days)</label>
      <input id={id} type="number" inputMode="numeric" min={GOAL_DURATION_MIN} max={GOAL_DURATION_MAX} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
