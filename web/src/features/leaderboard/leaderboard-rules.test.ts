import { formatCountdown, isActive, msUntilLocalMidnight, showsRankSummary } from './leaderboard-rules';

describe('isActive', () => {
  const now = new Date('2025-06-15T12:00:00Z');

  it('is always active for the viewer', () => {
    expect(isActive({ id: 'me', last_activity_date: null }, 'me', now)).toBe(true);
  });

  it('is active under 10 minutes since the last activity, offline from 10 minutes or with none', () => {
    expect(isActive({ id: 'x', last_activity_date: '2025-06-15T11:50:01Z' }, 'me', now)).toBe(true);
    expect(isActive({ id: 'x', last_activity_date: '2025-06-15T11:50:00Z' }, 'me', now)).toBe(false);
    expect(isActive({ id: 'x', last_activity_date: null }, 'me', now)).toBe(false);
  });

  it('reads a last activity without a zone as UTC', () => {
    expect(isActive({ id: 'x', last_activity_date: '2025-06-15T11:55:00' }, 'me', now)).toBe(true);
  });
});

describe('showsRankSummary', () => {
  const standing = (rank: number | null) => ({ rank, points: 12, gap_to_next: 3, window: 'today' as const });

  it('only for a rank worse than 20th', () => {
    expect(showsRankSummary(standing(21))).toBe(true);
    expect(showsRankSummary(standing(20))).toBe(false);
    expect(showsRankSummary(standing(1))).toBe(false);
    expect(showsRankSummary(standing(null))).toBe(false);
    expect(showsRankSummary(undefined)).toBe(false);
  });
});

describe('countdown to the daily reset', () => {
  it('counts to the next local midnight', () => {
    expect(formatCountdown(msUntilLocalMidnight(new Date(2025, 5, 15, 23, 0, 0)))).toBe('01:00:00');
    expect(formatCountdown(msUntilLocalMidnight(new Date(2025, 5, 15, 0, 0, 0)))).toBe('24:00:00');
    expect(formatCountdown(msUntilLocalMidnight(new Date(2025, 5, 15, 14, 35, 50, 400)))).toBe('09:24:09');
  });

  it('pads to hh:mm:ss and never goes negative', () => {
    expect(formatCountdown(3_661_000)).toBe('01:01:01');
    expect(formatCountdown(999)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });
});
