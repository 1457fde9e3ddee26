import { ACTIVITY_CATALOG, MESSAGES, type ActivityType, type LocalDate } from '@warriors/contracts';

/** What a ceiling counts: one user's units of one activity type on one of their local dates. */
export interface DayOfType {
  user_id: string;
  local_date: LocalDate;
  activity_type: ActivityType;
}

export const dayOfTypeKey = (day: DayOfType): string => `${day.user_id}/${day.local_date}/${day.activity_type}`;

export interface CeilingVerdict {
  held: boolean;
  /** The day's logged quantity of the type with this entry, held entries included. */
  loggedToday: number;
  /** What the broker is told of a held entry; null when it is not held. */
  message: string | null;
}

/**
 * Judges new entries in the order they are applied: an entry is held when the quantity its user has
 * logged of its type on its local date — held entries included, the earlier entries of `entries`
 * included, itself included — is above the type's daily ceiling. Counting held entries too means a
 * day above the ceiling stays above it: every later entry of that type that day needs its own
 * confirmation. `loggedBefore` answers a day's quantity as it stood before these entries.
 */
export function judgeCeilings(entries: ReadonlyArray<DayOfType & { quantity: number; points: number }>, loggedBefore: (day: DayOfType) => number): CeilingVerdict[] {
  const logged = new Map<string, number>();
  return entries.map((entry) => {
    const key = dayOfTypeKey(entry);
    const loggedToday = (logged.get(key) ?? loggedBefore(entry)) + entry.quantity;
    logged.set(key, loggedToday);
    const held = loggedToday > ACTIVITY_CATALOG[entry.activity_type].dailyCeiling;
    return { held, loggedToday, message: held ? MESSAGES.held(entry.activity_type, loggedToday, entry.points) : null };
  });
}
