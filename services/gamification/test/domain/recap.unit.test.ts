import { recapWeeks, weekInstants, weekRank } from '../../src/domain/recap';

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

describe('weekRank', () => {
  const board = [
    { user_id: 'b', week: 160, previous: 0 },
    { user_id: 'a', week: 160, previous: 40 },
    { user_id: 'c', week: 160, previous: 50 },
    { user_id: 'z', week: 500, previous: 90 },
    { user_id: 'y', week: 200, previous: 0 },
  ];

  it('ranks by points, then by user id descending as the boards order ties, leaving hidden brokers out', () => {
    const hidden = new Set(['z']);
    expect(['y', 'c', 'b', 'a'].map((id) => weekRank(board, id, 'week', hidden))).toEqual([1, 2, 3, 4]);
    expect(weekRank(board, 'a', 'previous', hidden)).toBe(2);
    expect(weekRank(board, 'a', 'previous', new Set())).toBe(3);
  });

  it('gives no rank for a week without points, to a hidden broker, or to someone not on the board', () => {
    expect(weekRank(board, 'b', 'previous', new Set())).toBeNull();
    expect(weekRank(board, 'z', 'week', new Set(['z']))).toBeNull();
    expect(weekRank(board, 'nobody', 'week', new Set())).toBeNull();
  });
});
