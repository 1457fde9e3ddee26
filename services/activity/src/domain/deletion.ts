import type { LocalDate } from '@warriors/contracts';

/**
 * Whether an entry of `entryDate` may still be deleted by its owner whose local today is `today`:
 * only the current local day's, so a deletion never rewrites a closed day (its boards, streak and
 * badges were judged and shown) and a day's reversal always falls in every window holding the day.
 */
export const deletableToday = (entryDate: LocalDate, today: LocalDate): boolean => entryDate === today;
