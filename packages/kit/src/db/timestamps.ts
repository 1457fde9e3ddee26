/**
 * Exact timestamptz text both ways, for PGlite: its own serializer writes Date.toISOString(), which
 * PostgreSQL refuses for year 0000 (1 BC) and below, and its parser hands PostgreSQL's output to
 * `new Date(text)`, which reads years 0001-0099 as 1950-2049. node-postgres does both exactly.
 */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * A timestamptz parameter as PostgreSQL's input: a Date in UTC with the era spelled out (year 0 is 1
 * BC); text (an ISO string a caller passes) goes as it is, for PostgreSQL to read, as node-postgres does.
 */
export function timestamptzText(value: Date | string | number): string {
  if (typeof value === 'string') return value;
  const date = typeof value === 'number' ? new Date(value) : value;
  const year = date.getUTCFullYear();
  const era = year > 0 ? '' : ' BC';
  const shown = year > 0 ? year : 1 - year;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`;
  return `${pad(shown, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${time}+00${era}`;
}

const TIMESTAMPTZ_OUTPUT = /^(\d{4,})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2})(?::(\d{2}))?(?::(\d{2}))?( BC)?$/;

/** PostgreSQL's timestamptz output (ISO DateStyle) as the instant it names; infinities as ±Infinity. */
export function parseTimestamptz(text: string): Date | number {
  if (text === 'infinity') return Infinity;
  if (text === '-infinity') return -Infinity;
  const match = TIMESTAMPTZ_OUTPUT.exec(text);
  if (!match) return new Date(Number.NaN);
  const [, year, month, day, hours, minutes, seconds, fraction, offsetHours, offsetMinutes, offsetSeconds, bc] = match;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC too reads years 0-99 as 1900-1999.
  date.setUTCFullYear(bc ? 1 - Number(year) : Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hours), Number(minutes), Number(seconds), Math.floor(Number(fraction ?? 0) * 1000));
  const sign = offsetHours!.startsWith('-') ? -1 : 1;
  const offsetMs = sign * (Math.abs(Number(offsetHours)) * 3600 + Number(offsetMinutes ?? 0) * 60 + Number(offsetSeconds ?? 0)) * 1000;
  return new Date(date.getTime() - offsetMs);
}
