import { isoWeekStart, localDate, localTimestamp, type LocalDate } from '@warriors/contracts';

/**
 * When the digests go: from 08:00 in the broker's timezone, an hour after push's default quiet hours
 * (21:00-07:00) end, so a mail never lands in the night; the weekly recap on Mondays, the daily digest
 * every day. A period is the local date it is for: one digest of a kind per broker and period.
 */
export const DIGEST_HOUR = 8;

export type DigestKind = 'weekly_recap' | 'daily_digest';

/** The period a digest of `kind` is due for now in `timeZone`, or null before its hour (or on another day than Monday for the recap). */
export function duePeriod(kind: DigestKind, now: Date, timeZone: string): LocalDate | null {
  const hour = Number(localTimestamp(now, timeZone).slice(11, 13));
  if (hour < DIGEST_HOUR) return null;
  const today = localDate(now, timeZone);
  if (kind === 'weekly_recap' && isoWeekStart(today) !== today) return null;
  return today;
}
