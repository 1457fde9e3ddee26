import { ACTIVITY_CATALOG, GOAL_ACTIVITY_TYPES } from '@warriors/contracts';
import { toggleActivity, type CountSelection, type GoalActivityType } from './goal-rules';
import './goals.css';

interface ActivityCountsProps {
  idPrefix: string;
  legend: string;
  selection: CountSelection;
  onChange: (next: CountSelection) => void;
  /** The form's rule for a count the user leaves, e.g. clamping to its maximum. */
  onCountBlur: (text: string) => string;
  max: number;
}

/** A checkbox per activity; a ticked one gets its count field, starting at 50. */
export function ActivityCounts({ idPrefix, legend, selection, onChange, onCountBlur, max }: ActivityCountsProps) {
  const setCount = (type: GoalActivityType, text: string) => onChange({ ...selection, [type]: text });
  return (
    <fieldset className="activity-counts">
      <legend>{legend}</legend>
      <ul className="activity-counts__list">
        {GOAL_ACTIVITY_TYPES.map((type) => {
          const { icon, label } = ACTIVITY_CATALOG[type];
          const count = selection[type];
          const checkId = `${idPrefix}-${type}`;
          return (
            <li key={type} className={count === undefined ? 'activity-count' : 'activity-count activity-count--on'}>
              <label className="check activity-count__check" htmlFor={checkId}>
                <input id={checkId} type="checkbox" checked={count !== undefined} onChange={() => onChange(toggleActivity(selection, type))} />
                <span>
                  <span aria-hidden="true">{icon} </span>
                  {label}
                </span>
              </label>
              {count !== undefined && (
                <input
                  className="activity-count__input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={max}
                  aria-label={`${label} count`}
                  value={count}
                  onChange={(event) => setCount(type, event.target.value)}
                  onBlur={(event) => setCount(type, onCountBlur(event.target.value))}
                />
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
