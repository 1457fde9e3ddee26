import { localDate, localTimestamp } from '../src';

const at = (iso: string) => new Date(iso);

describe('localTimestamp: an instant on the local wall clock, with its offset', () => {
  it('names the offset in force, on both sides of a DST change', () => {
    // Chicago springs forward at 08:00 UTC on 2026-03-08 (02:00 CST becomes 03:00 CDT).
    expect(localTimestamp(at('2026-03-08T07:59:59.999Z'), 'America/Chicago')).toBe('2026-03-08T01:59:59.999-06:00');
    expect(localTimestamp(at('2026-03-08T08:00:00.000Z'), 'America/Chicago')).toBe('2026-03-08T03:00:00.000-05:00');
  });

  it('tells apart the two 01:30s of the hour a fall-back repeats, even asked one after the other', () => {
    // 02:00 CDT becomes 01:00 CST at 07:00 UTC on 2026-11-01.
    expect(localTimestamp(at('2026-11-01T06:30:00.000Z'), 'America/Chicago')).toBe('2026-11-01T01:30:00.000-05:00');
    expect(localTimestamp(at('2026-11-01T06:59:59.999Z'), 'America/Chicago')).toBe('2026-11-01T01:59:59.999-05:00');
    expect(localTimestamp(at('2026-11-01T07:00:00.000Z'), 'America/Chicago')).toBe('2026-11-01T01:00:00.000-06:00');
    expect(localTimestamp(at('2026-11-01T07:30:00.000Z'), 'America/Chicago')).toBe('2026-11-01T01:30:00.000-06:00');
  });

  it('writes offsets of half and three quarter hours, east and west of UTC, and UTC itself', () => {
    expect(localTimestamp(at('2026-01-15T12:00:00.000Z'), 'Asia/Kolkata')).toBe('2026-01-15T17:30:00.000+05:30');
    expect(localTimestamp(at('2026-01-15T12:00:00.000Z'), 'Pacific/Chatham')).toBe('2026-01-16T01:45:00.000+13:45');
    expect(localTimestamp(at('2026-01-15T12:00:00.000Z'), 'America/St_Johns')).toBe('2026-01-15T08:30:00.000-03:30');
    expect(localTimestamp(at('2026-01-15T12:00:00.000Z'), 'UTC')).toBe('2026-01-15T12:00:00.000+00:00');
  });

  it('reads an unknown zone as UTC, as localDate does', () => {
    expect(localTimestamp(at('2026-01-15T23:30:00.000Z'), 'Mars/Olympus')).toBe('2026-01-15T23:30:00.000+00:00');
  });

  it('agrees with localDate on the day and names the same instant, every 97 minutes of a year in zones with odd changes', () => {
    const zones = ['America/Los_Angeles', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'America/Santiago'];
    const disagreements: string[] = [];
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 97 * 60_000) {
      for (const zone of zones) {
        const stamp = localTimestamp(new Date(t), zone);
        if (stamp.slice(0, 10) !== localDate(new Date(t), zone) || Date.parse(stamp) !== t) disagreements.push(`${zone} ${new Date(t).toISOString()} ${stamp}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
