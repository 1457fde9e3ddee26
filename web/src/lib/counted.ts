import { ACTIVITY_CATALOG, type ActivityType } from '@warriors/contracts';

let enUsDigits: Intl.NumberFormat | undefined;

/** A comma before every group of three digits that ends the integer part. */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * '1,250': a number in en-US digits. Whole numbers (every point and count on screen) are grouped here:
 * a page's first Intl formatter loads the runtime's number data, 10-40 ms of the dashboard's first
 * render. Any other number goes to one shared formatter (toLocaleString builds one per call).
 */
export function enUsNumber(value: number): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) return String(value).replace(THOUSANDS, ',');
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
