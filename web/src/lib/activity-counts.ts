import { CHALLENGE_COUNT_MAX, CHALLENGE_COUNT_MIN, DEFAULT_CHALLENGE_COUNT, type ActivityType } from '@warriors/contracts';

/** The activities ticked in a form and the count text typed for each; unticked ones are absent. */
export type ActivityCountSelection<T extends ActivityType = ActivityType> = Partial<Record<T, string>>;

/** Ticking an activity starts it at 50; unticking drops it and its count (spec point 4). */
export function toggleActivityCount<T extends ActivityType>(selection: ActivityCountSelection<T>, type: T): ActivityCountSelection<T> {
  const next = { ...selection };
  if (next[type] === undefined) next[type] = String(DEFAULT_CHALLENGE_COUNT);
  else delete next[type];
  return next;
}

const wholeNumber = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** Spec point 5: on leaving the field, empty, non-numeric or below 1 becomes 50; above 10000 becomes 10000. */
export function activityCountOnBlur(text: string): string {
  const count = wholeNumber(text);
  if (!(count >= CHALLENGE_COUNT_MIN)) return String(DEFAULT_CHALLENGE_COUNT);
  return String(Math.min(count, CHALLENGE_COUNT_MAX));
}
