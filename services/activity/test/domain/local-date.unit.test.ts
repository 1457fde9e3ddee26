import { addDays, datesBetween, isoWeekStart, isValidTimezone, localDate, monthStart, usableTimezone, yearStart } from '@warriors/contracts';

describe('localDate', () => {
  it.each([
    // 03:30 UTC is still the previous evening in New York and already morning in Tokyo.
    ['2025-03-12T03:30:00Z', 'America/New_York', '2025-03-11'],
    ['2025-03-12T03:30:00Z', 'Asia/Tokyo', '2025-03-12'],
    ['2025-03-12T03:30:00Z', 'UTC', '2025-03-12'],
    ['2025-03-12T23:30:00Z', 'Asia/Tokyo', '2025-03-13'],
    ['2025-03-12T23:30:00Z', 'Pacific/Honolulu', '2025-03-12'],
    // India is offset by half an hour: 18:29 UTC is 23:59 there, 18:30 is midnight.
    ['2025-03-12T18:29:59Z', 'Asia/Kolkata', '2025-03-12'],
    ['2025-03-12T18:30:00Z', 'Asia/Kolkata', '2025-03-13'],
    // Kiribati is UTC+14: on the next day before most of the world.
    ['2025-03-12T10:00:00Z', 'Pacific/Kiritimati', '2025-03-13'],
  ])('%s in %s is %s', (at, zone, expected) => {
    expect(localDate(new Date(at), zone)).toBe(expected);
  });

  it('puts the last second before local midnight on the old day and midnight on the new one', () => {
    // New York is UTC-5 in January: local midnight is 05:00 UTC.
    expect(localDate(new Date('2025-01-15T04:59:59.999Z'), 'America/New_York')).toBe('2025-01-14');
    expect(localDate(new Date('2025-01-15T05:00:00.000Z'), 'America/New_York')).toBe('2025-01-15');
  });

  it('follows the offset change on DST days', () => {
    // New York springs forward on 2025-03-09: midnight is 05:00 UTC before, 04:00 UTC after.
    expect(localDate(new Date('2025-03-10T03:59:59Z'), 'America/New_York')).toBe('2025-03-09');
    expect(localDate(new Date('2025-03-10T04:00:00Z'), 'America/New_York')).toBe('2025-03-10');
    // ... and falls back on 2025-11-02: midnight of Nov 3 is 05:00 UTC again.
    expect(localDate(new Date('2025-11-03T04:30:00Z'), 'America/New_York')).toBe('2025-11-02');
    expect(localDate(new Date('2025-11-03T05:00:00Z'), 'America/New_York')).toBe('2025-11-03');
    // Sydney's DST is the other way round: UTC+11 until 2025-04-06, UTC+10 after.
    expect(localDate(new Date('2025-04-05T12:59:59Z'), 'Australia/Sydney')).toBe('2025-04-05');
    expect(localDate(new Date('2025-04-05T13:00:00Z'), 'Australia/Sydney')).toBe('2025-04-06');
    expect(localDate(new Date('2025-04-06T13:30:00Z'), 'Australia/Sydney')).toBe('2025-04-06');
  });

  it('crosses the new year in the user timezone, not in UTC', () => {
    expect(localDate(new Date('2026-01-01T02:00:00Z'), 'America/Los_Angeles')).toBe('2025-12-31');
    expect(localDate(new Date('2025-12-31T15:00:00Z'), 'Asia/Tokyo')).toBe('2026-01-01');
  });
});

describe('timezones', () => {
  it('knows IANA names and refuses others', () => {
    expect(isValidTimezone('Europe/Paris')).toBe(true);
    expect(isValidTimezone('Mars/Olympus_Mons')).toBe(false);
  });

  it('falls back to UTC for a zone this runtime does not know', () => {
    expect(usableTimezone('Mars/Olympus_Mons')).toBe('UTC');
    expect(usableTimezone('America/Chicago')).toBe('America/Chicago');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-03-12', -29)).toBe('2025-02-11');
  });

  it.each([
    ['2025-03-10', '2025-03-10'], // a Monday is its own week start
    ['2025-03-12', '2025-03-10'], // Wednesday
    ['2025-03-16', '2025-03-10'], // Sunday belongs to the week that began on Monday
    ['2025-01-01', '2024-12-30'], // the ISO week crosses the year
  ])('the ISO week of %s starts on Monday %s', (date, monday) => {
    expect(isoWeekStart(date)).toBe(monday);
  });

  it('finds the first of the month and of the year', () => {
    expect(monthStart('2025-03-31')).toBe('2025-03-01');
    expect(yearStart('2025-03-31')).toBe('2025-01-01');
  });

  it('lists the dates between two dates, both included', () => {
    expect(datesBetween('2025-02-27', '2025-03-02')).toEqual(['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02']);
    expect(datesBetween('2025-03-02', '2025-03-01')).toEqual([]);
  });
});
