import { recapWeeks, weekInstants } from '../../src/domain/recap';

const HOUR_MS = 3_600_000;
const hours = ({ from, to }: { from: Date; to: Date }) => (to.getTime() - from.getTime()) / HOUR_MS;

describe('recapWeeks', () => {
  it('recaps the week that just ended from the first minute of the local Monday, and keeps it all week', () => {
    // 00:01 on Monday 24 November 2031 in Chicago; a minute earlier it was still Sunday.
    expect(recapWeeks(new Date('2031-11-24T06:01:00Z'), 'America/Chicago')).toEqual({
      week: { start: '2031-11-17', end: '2031-11-23' },
      previous: { start: '2031-11-10', end: '2031-11-16' },
    });
    expect(recapWeeks(new Date('2031-11-24T05:59:00Z'), 'America/Chicago').week).toEqual({ start: '2031-11-10', end: '2031-11-16' });
    expect(recapWeeks(new Date('2031-11-30T23:00:00Z'), 'America/Chicago').week).toEqual({ start: '2031-11-17', end: '2031-11-23' });
  });

  it('reads the week in the broker’s zone: one instant is Monday in Auckland and Sunday in Honolulu', () => {
    const at = new Date('2031-11-23T12:00:00Z');
    expect(recapWeeks(at, 'Pacific/Auckland').week.start).toBe('2031-11-17');
    expect(recapWeeks(at, 'Pacific/Honolulu').week.start).toBe('2031-11-10');
    expect(recapWeeks(at, 'Not/AZone').week.start).toBe('2031-11-10');
  });
});

describe('weekInstants', () => {
  it('spans 168 hours in a week without a clock change and in UTC', () => {
    expect(hours(weekInstants({ start: '2031-11-17', end: '2031-11-23' }, 'America/Chicago'))).toBe(168);
    expect(weekInstants({ start: '2031-11-17', end: '2031-11-23' }, 'UTC')).toEqual({ from: new Date('2031-11-17T00:00:00Z'), to: new Date('2031-11-24T00:00:00Z') });
  });

  it('spans 167 hours in the week the clocks go forward and 169 in the week they go back, from local midnight to local midnight', () => {
    expect(weekInstants({ start: '2031-03-03', end: '2031-03-09' }, 'America/Chicago')).toEqual({ from: new Date('2031-03-03T06:00:00Z'), to: new Date('2031-03-10T05:00:00Z') });
    expect(hours(weekInstants({ start: '2031-10-27', end: '2031-11-02' }, 'America/Chicago'))).toBe(169);
    expect(hours(weekInstants({ start: '2031-03-24', end: '2031-03-30' }, 'Europe/Berlin'))).toBe(167);
  });
});
