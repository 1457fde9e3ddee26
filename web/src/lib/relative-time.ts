const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

// Ends in Z or an offset such as +02:00 / -0500.
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

/** Server timestamps without a zone marker are UTC (spec point 9); a browser would read them as local time. */
export function parseServerTime(timestamp: string): Date {
  const text = timestamp.trim();
  const isDateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  return new Date(isDateOnly || HAS_ZONE.test(text) ? text : `${text}Z`);
}

/**
 * 'just now', 'Nm ago', 'Nh ago', 'Nd ago', then weeks up to 3, then months (spec point 9).
 * A timestamp slightly ahead of the viewer's clock still reads 'just now'.
 */
export function relativeTime(timestamp: string | null | undefined, now: Date = new Date()): string {
  if (!timestamp) return 'never';
  const time = parseServerTime(timestamp).getTime();
  if (Number.isNaN(time)) return 'never';
  const elapsed = now.getTime() - time;
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}d ago`;
  const weeks = Math.floor(elapsed / WEEK);
  if (weeks <= 3) return `${weeks}w ago`;
  return `${Math.max(1, Math.floor(elapsed / MONTH))}mo ago`;
}

/** Dates show as short month, day, year in English (spec point 9), e.g. 'Jan 5, 2025'. */
export function formatDate(timestamp: string): string {
  return parseServerTime(timestamp).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
