import { addDays, brokerDay, carryOnZoneChange, localDate, type DayZone, type LocalDate } from '../src';

const at = (iso: string) => new Date(iso);
const MINUTE_MS = 60_000;

/** The broker's day every 15 minutes from `from` to `to`: the days a trip shows them, in order. */
function daysAcross(from: string, to: string, zoneAt: (instant: Date) => DayZone): LocalDate[] {
  const days: LocalDate[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 15 * MINUTE_MS) days.push(brokerDay(new Date(t), zoneAt(new Date(t))));
  return days;
}

/** Each day follows the one before or is the same: none counted again after it ended, none skipped. */
function expectNeitherLostNorDoubled(days: LocalDate[]) {
  for (let i = 1; i < days.length; i++) expect([days[i - 1], addDays(days[i - 1]!, 1)]).toContain(days[i]);
}

describe('brokerDay: the day a broker logs on and reads as today, across a change of timezone', () => {
  it('is the wall clock date of their zone while no change left a day in force', () => {
    expect(brokerDay(at('2026-11-11T05:59:00Z'), { timezone: 'America/Chicago' })).toBe('2026-11-10');
    expect(brokerDay(at('2026-11-11T06:00:00Z'), { timezone: 'America/Chicago', day_carry_date: null, day_carry_until: null })).toBe('2026-11-11');
    // A carry that has ended changes nothing.
    const ended = { timezone: 'America/Los_Angeles', day_carry_date: '2026-11-09', day_carry_until: '2026-11-10T08:00:00.000Z' };
    expect(brokerDay(at('2026-11-10T08:00:00Z'), ended)).toBe(localDate(at('2026-11-10T08:00:00Z'), 'America/Los_Angeles'));
  });

  it('flying west across midnight (Chicago to Los Angeles at 00:30): stays on the later date until Los Angeles reaches it', () => {
    const change = at('2026-11-11T06:30:00Z'); // 00:30 Nov 11 in Chicago, 22:30 Nov 10 in Los Angeles
    const carry = carryOnZoneChange(change, { timezone: 'America/Chicago' }, 'America/Los_Angeles');
    expect(carry).toEqual({ day_carry_date: '2026-11-11', day_carry_until: '2026-11-12T08:00:00.000Z' });
    const la = { timezone: 'America/Los_Angeles', ...carry };
    expect(brokerDay(at('2026-11-11T06:31:00Z'), la)).toBe('2026-11-11'); // Los Angeles reads Nov 10: yesterday is not reopened
    expect(brokerDay(at('2026-11-11T08:30:00Z'), la)).toBe('2026-11-11'); // 00:30 Nov 11 in Los Angeles
    expect(brokerDay(at('2026-11-12T07:59:59Z'), la)).toBe('2026-11-11');
    expect(brokerDay(at('2026-11-12T08:00:00Z'), la)).toBe('2026-11-12'); // Los Angeles' midnight: its days from now on
    const days = daysAcross('2026-11-10T12:00:00Z', '2026-11-13T12:00:00Z', (t) => (t < change ? { timezone: 'America/Chicago' } : la));
    expectNeitherLostNorDoubled(days);
    expect(new Set(days)).toEqual(new Set(['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']));
  });

  it('flying east across midnight (Los Angeles to New York at 23:30): the day in force is not cut short, and the next follows it', () => {
    const change = at('2026-11-11T07:30:00Z'); // 23:30 Nov 10 in Los Angeles, 02:30 Nov 11 in New York
    const carry = carryOnZoneChange(change, { timezone: 'America/Los_Angeles' }, 'America/New_York');
    expect(carry).toEqual({ day_carry_date: '2026-11-10', day_carry_until: '2026-11-11T08:00:00.000Z' });
    const ny = { timezone: 'America/New_York', ...carry };
    expect(brokerDay(at('2026-11-11T07:45:00Z'), ny)).toBe('2026-11-10'); // the half hour left of Nov 10 is still Nov 10
    expect(brokerDay(at('2026-11-11T08:00:00Z'), ny)).toBe('2026-11-11'); // 03:00 in New York: Nov 11, the next day, not a gap
    expect(brokerDay(at('2026-11-12T04:59:59Z'), ny)).toBe('2026-11-11');
    expect(brokerDay(at('2026-11-12T05:00:00Z'), ny)).toBe('2026-11-12'); // New York's midnight
    const days = daysAcross('2026-11-10T12:00:00Z', '2026-11-13T12:00:00Z', (t) => (t < change ? { timezone: 'America/Los_Angeles' } : ny));
    expectNeitherLostNorDoubled(days);
    expect(new Set(days)).toEqual(new Set(['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']));
  });

  it('a second change while a carry runs keeps the carried day, until the later of the two ends', () => {
    const first = at('2026-11-11T06:30:00Z');
    const la = { timezone: 'America/Los_Angeles', ...carryOnZoneChange(first, { timezone: 'America/Chicago' }, 'America/Los_Angeles') };
    const second = at('2026-11-11T07:00:00Z'); // back to Chicago half an hour later: 01:00 Nov 11 there
    const back = { timezone: 'America/Chicago', ...carryOnZoneChange(second, la, 'America/Chicago') };
    expect(back).toMatchObject({ day_carry_date: '2026-11-11', day_carry_until: '2026-11-12T08:00:00.000Z' });
    const third = at('2026-11-11T07:10:00Z');
    const tokyo = { timezone: 'Asia/Tokyo', ...carryOnZoneChange(third, back, 'Asia/Tokyo') }; // 16:10 Nov 11 in Tokyo
    expect(tokyo).toMatchObject({ day_carry_date: '2026-11-11', day_carry_until: '2026-11-12T08:00:00.000Z' });
    expect(brokerDay(at('2026-11-12T07:59:00Z'), tokyo)).toBe('2026-11-11'); // Tokyo reads Nov 12 16:59: the day in force runs on
    expect(brokerDay(at('2026-11-12T08:00:00Z'), tokyo)).toBe('2026-11-12');
    const zoneAt = (t: Date): DayZone => (t < first ? { timezone: 'America/Chicago' } : t < second ? la : t < third ? back : tokyo);
    expectNeitherLostNorDoubled(daysAcross('2026-11-10T12:00:00Z', '2026-11-14T12:00:00Z', zoneAt));
  });

  it('a change that keeps the date changes nothing of the day', () => {
    const change = at('2026-11-10T18:00:00Z'); // noon in Chicago, 10:00 in Los Angeles
    const la = { timezone: 'America/Los_Angeles', ...carryOnZoneChange(change, { timezone: 'America/Chicago' }, 'America/Los_Angeles') };
    expect(brokerDay(at('2026-11-11T07:59:00Z'), la)).toBe('2026-11-10');
    expect(brokerDay(at('2026-11-11T08:00:00Z'), la)).toBe('2026-11-11');
  });
});
