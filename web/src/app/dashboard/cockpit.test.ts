import { freezeFact, nextRankFact, streakFact } from './cockpit';
import { leaderboardRow } from '../../../test/fixtures';

describe('nextRankFact', () => {
  const board = [leaderboardRow(1, { name: 'Marcus Reed' }), leaderboardRow(2, { name: 'Ana Silva' })];

  it('names the one just above, with the points it takes to pass them', () => {
    expect(nextRankFact({ rank: 2, points: 40, gap_to_next: 5, window: 'today' }, board)).toEqual({ text: '5 pts to pass Marcus R.', urgent: false });
    expect(nextRankFact({ rank: 2, points: 40, gap_to_next: 1, window: 'today' }, board)?.text).toBe('1 pt to pass Marcus R.');
  });

  it('names the rank to reach when the one above is beyond the board', () => {
    expect(nextRankFact({ rank: 25, points: 3, gap_to_next: 2, window: 'today' }, board)?.text).toBe('2 pts to reach #24');
  });

  it('says the leader leads, and asks for a first log of one not on the board', () => {
    expect(nextRankFact({ rank: 1, points: 90, gap_to_next: null, window: 'today' }, board)?.text).toBe("You lead today's board");
    expect(nextRankFact({ rank: null, points: 0, gap_to_next: null, window: 'today' }, board)).toEqual({ text: "Log a shot to get on today's board", urgent: true });
    expect(nextRankFact(undefined, board)).toBeNull();
  });
});

describe('streakFact', () => {
  const chicago = 'America/Chicago';

  it('warns of a streak at risk with the hours left in the local day, DST included', () => {
    // 15:30 in Chicago (CDT): 8.5 hours to midnight.
    expect(streakFact(3, 0, new Date('2026-03-10T20:30:00Z'), chicago)).toEqual({ text: 'Log today to keep your 3-day streak · 8h left', urgent: true });
    // 01:30 on the morning clocks spring forward: the day has 23 hours, 21.5 of them left.
    expect(streakFact(3, 0, new Date('2026-03-08T07:30:00Z'), chicago)?.text).toBe('Log today to keep your 3-day streak · 21h left');
    expect(streakFact(12, 0, new Date('2026-03-11T04:40:00Z'), chicago)?.text).toBe('Log today to keep your 12-day streak · under 1h left');
  });

  it("is safe once today's points are in, and invites a start without a streak", () => {
    const now = new Date('2026-03-10T20:30:00Z');
    expect(streakFact(3, 4, now, chicago)).toEqual({ text: 'Safe for today', urgent: false });
    expect(streakFact(0, 4, now, chicago)?.text).toBe('Streak started today');
    expect(streakFact(0, 0, now, chicago)).toEqual({ text: 'Log today to start a streak', urgent: false });
    expect(streakFact(3, undefined, now, chicago)).toBeNull();
  });

  it("does not warn a weekday streak on the user's local Saturday or Sunday, and does on Monday", () => {
    // 23:30 on Friday 13 March in Chicago is already Saturday in UTC.
    expect(streakFact(3, 0, new Date('2026-03-14T04:30:00Z'), chicago, 'weekdays')).toEqual({ text: 'Log today to keep your 3-day streak · under 1h left', urgent: true });
    expect(streakFact(3, 0, new Date('2026-03-14T20:00:00Z'), chicago, 'weekdays')).toEqual({ text: 'Weekend: your weekday streak is safe', urgent: false });
    expect(streakFact(3, 0, new Date('2026-03-15T20:00:00Z'), chicago, 'weekdays')?.text).toBe('Weekend: your weekday streak is safe');
    expect(streakFact(3, 0, new Date('2026-03-16T20:00:00Z'), chicago, 'weekdays')?.urgent).toBe(true);
    // Every day counting, Saturday is at risk like any day.
    expect(streakFact(3, 0, new Date('2026-03-14T20:00:00Z'), chicago, 'daily')?.urgent).toBe(true);
  });
});

describe('freezeFact', () => {
  it("says 'Streak protected' while a freeze covers a day, with those left, else the freezes held", () => {
    expect(freezeFact(true, 1)).toBe('Streak protected · 1 freeze left');
    expect(freezeFact(true, 0)).toBe('Streak protected');
    expect(freezeFact(false, 2)).toBe('2 freezes held');
    expect(freezeFact(false, 0)).toBeNull();
  });
});
