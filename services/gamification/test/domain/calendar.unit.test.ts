import { addDays, isoWeekStart, isValidTimezone, monthEnd, quarterEnd, quarterStart } from '@warriors/contracts';

describe('calendar arithmetic on local dates', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it.each([
    ['2025-03-10', '2025-03-10'], // Monday
    ['2025-03-16', '2025-03-10'], // Sunday belongs to the week that began on Monday
    ['2025-03-17', '2025-03-17'],
    ['2025-01-01', '2024-12-30'], // a week across the year end
  ])('finds the Monday of %s', (date, monday) => {
    expect(isoWeekStart(date)).toBe(monday);
  });

  it('finds month and quarter ends', () => {
    expect(monthEnd('2024-02-10')).toBe('2024-02-29');
    expect(monthEnd('2025-12-31')).toBe('2025-12-31');
    expect([quarterStart('2025-05-20'), quarterEnd('2025-05-20')]).toEqual(['2025-04-01', '2025-06-30']);
    expect([quarterStart('2025-12-01'), quarterEnd('2025-12-01')]).toEqual(['2025-10-01', '2025-12-31']);
    expect([quarterStart('2025-01-01'), quarterEnd('2025-03-31')]).toEqual(['2025-01-01', '2025-03-31']);
  });

  it('knows IANA zones', () => {
    expect(isValidTimezone('Europe/Berlin')).toBe(true);
    expect(isValidTimezone('Not/AZone')).toBe(false);
  });
});
