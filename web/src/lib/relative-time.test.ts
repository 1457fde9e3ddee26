import { formatDate, parseServerTime, relativeTime } from './relative-time';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it("says 'never' for an empty or unreadable timestamp", () => {
    expect(relativeTime(null, now)).toBe('never');
    expect(relativeTime(undefined, now)).toBe('never');
    expect(relativeTime('', now)).toBe('never');
    expect(relativeTime('not a date', now)).toBe('never');
  });

  it("says 'just now' under a minute, and for a clock slightly ahead", () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(59_999), now)).toBe('just now');
    expect(relativeTime(ago(-5_000), now)).toBe('just now');
  });

  it('counts minutes under an hour, hours under a day, days under a week', () => {
    expect(relativeTime(ago(MINUTE), now)).toBe('1m ago');
    expect(relativeTime(ago(59 * MINUTE), now)).toBe('59m ago');
    expect(relativeTime(ago(HOUR), now)).toBe('1h ago');
    expect(relativeTime(ago(23 * HOUR + 59 * MINUTE), now)).toBe('23h ago');
    expect(relativeTime(ago(DAY), now)).toBe('1d ago');
    expect(relativeTime(ago(6 * DAY + 23 * HOUR), now)).toBe('6d ago');
  });

  it('counts weeks up to 3, then months', () => {
    expect(relativeTime(ago(7 * DAY), now)).toBe('1w ago');
    expect(relativeTime(ago(27 * DAY), now)).toBe('3w ago');
    expect(relativeTime(ago(28 * DAY), now)).toBe('1mo ago');
    expect(relativeTime(ago(65 * DAY), now)).toBe('2mo ago');
    expect(relativeTime(ago(400 * DAY), now)).toBe('13mo ago');
  });

  it('reads a timestamp without a zone marker as UTC', () => {
    expect(relativeTime('2025-06-15T11:55:00', now)).toBe('5m ago');
    expect(relativeTime('2025-06-15 10:00:00', now)).toBe('2h ago');
    expect(relativeTime('2025-06-15T13:55:00+02:00', now)).toBe('5m ago');
  });
});

describe('parseServerTime', () => {
  it('keeps an explicit zone and adds UTC to a bare timestamp', () => {
    expect(parseServerTime('2025-06-15T11:00:00').toISOString()).toBe('2025-06-15T11:00:00.000Z');
    expect(parseServerTime('2025-06-15T11:00:00-0500').toISOString()).toBe('2025-06-15T16:00:00.000Z');
  });
});

describe('formatDate', () => {
  it('shows short month, day and year in English', () => {
    expect(formatDate('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025');
  });
});
