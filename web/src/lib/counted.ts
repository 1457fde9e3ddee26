import { ACTIVITY_CATALOG, type ActivityType } from '@warriors/contracts';

let enUsDigits: Intl.NumberFormat | undefined;

/** '1,250': a number in en-US digits, from one formatter (toLocaleString builds one per call, and a screen formats dozens). */
export function enUsNumber(value: number): string {
  enUsDigits ??= new Intl.NumberFormat('en-US');
  return enUsDigits.format(value);
}

/** '1 day', '2 days', '1,250 points': the count in en-US digits with the word that agrees with it. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${enUsNumber(count)} ${count === 1 ? singular : plural}`;
}

/** '1 Cold Call', '12 Direct Mailers': an activity count in the catalog's words. */
export function activityCount(count: number, type: ActivityType): string {
  const { label, plural } = ACTIVITY_CATALOG[type];
  return counted(count, label, plural);
}
