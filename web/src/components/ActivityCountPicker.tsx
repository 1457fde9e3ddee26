import { ACTIVITY_CATALOG, CHALLENGE_COUNT_MAX, CHALLENGE_COUNT_MIN, type ActivityType } from '@warriors/contracts';
import { activityCountOnBlur, toggleActivityCount, type ActivityCountSelection } from '../lib/activity-counts';
import './ActivityCountPicker.css';
import { ACTIVITY_ICONS } from './icons/activity-icons';
import { Icon } from './icons/icon';

interface ActivityCountPickerProps<T extends ActivityType> {
  idPrefix: string;
  legend: string;
  types: readonly T[];
  selection: ActivityCountSelection<T>;
  onChange: (next: ActivityCountSelection<T>) => void;
  /** The rule for a count the user leaves; the spec's 1-10000 rule unless the form has its own. */
  onCountBlur?: (text: string) => string;
  max?: number;
  /** Names each count field for assistive technology ('Cold Call count'); the forms' names differ. */
  countWord?: 'count' | 'quantity';
}

/** A checkbox per activity; a ticked one gets its count field, starting at 50. */
export function ActivityCountPicker<T extends ActivityType>({
  idPrefix,
  legend,
  types,
  selection,
  onChange,
  onCountBlur = activityCountOnBlur,
  max = CHALLENGE_COUNT_MAX,
  countWord = 'count',
}: ActivityCountPickerProps<T>) {
  const setCount = (type: T, text: string) => onChange({ ...selection, [type]: text });
  return (
    <fieldset className="activity-counts">
      <legend>{legend}</legend>
      <ul className="activity-counts__list">
        {types.map((type) => {
          const { label } = ACTIVITY_CATALOG[type];
          const count = selection[type];
          const checkId = `${idPrefix}-${type}`;
          return (
            <li key={type} className={count === undefined ? 'activity-count' : 'activity-count activity-count--on'}>
              <label className="check activity-count__check" htmlFor={checkId}>
                <input id={checkId} type="checkbox" checked={count !== undefined} onChange={() => onChange(toggleActivityCount(selection, type))} />
                <span>
                  <Icon icon={ACTIVITY_ICONS[type]} size={18} /> {label}
                </span>
              </label>
              {count !== undefined && (
                <input
                  className="activity-count__input"
                  type="number"
                  inputMode="numeric"
                  min={CHALLENGE_COUNT_MIN}
                  max={max}
                  aria-label={`${label} ${countWord}`}
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
