import { addDays, pointsFor, type ActivityType, type BadgeType, type LocalDate } from '@warriors/contracts';
import { cycleKey, qualifyingBadges, scopeRanges } from '../../src/domain/badges';
import type { HeldBadge } from '../../src/domain/badges';
import { badgesNoLongerMet, freshBadgesOfBatch, repeatCountsOfBatch, type BadgeContext } from '../../src/domain/batch-badges';
import { badgeStats, type LedgerEntry, type ScopeTotals } from '../../src/domain/ledger';
import { streakOf, streakRule } from '../../src/domain/streak';

const GOAL = 50;
/** A daily goal no test reaches, for tests about other badges. */
const NO_GOAL = 1_000_000;

let sequence = 0;
function entry(userId: string, date: LocalDate, type: ActivityType, quantity: number): LedgerEntry {
  return {
    user_id: userId,
    source: 'activity',
    source_id: `a${++sequence}`,
    points: pointsFor(type, quantity),
    activity_type: type,
    quantity,
    local_date: date,
    occurred_at: new Date(`${date}T12:00:00Z`),
  };
}

const within = (date: LocalDate, from: LocalDate, to: LocalDate) => from <= date && date <= to;

type HeldBy = HeldBadge & { user_id: string };

/** The badge context the store reads around `date` from a user's ledger rows (as its daily totals would answer it) and badges. */
function contextFrom(ledger: readonly LedgerEntry[], held: readonly HeldBy[], userId: string, date: LocalDate): BadgeContext {
  const mine = ledger.filter((e) => e.user_id === userId);
  const ranges = scopeRanges(date);
  const totals: ScopeTotals[] = [...new Set(mine.map((e) => e.activity_type))].map((type) => {
    const ofType = mine.filter((e) => e.activity_type === type);
    const sum = (column: 'quantity' | 'points') => {
      const inRange = (from: LocalDate, to: LocalDate) => ofType.filter((e) => within(e.local_date, from, to)).reduce((n, e) => n + e[column], 0);
      return {
        day: inRange(ranges.day.from, ranges.day.to),
        week: inRange(ranges.week.from, ranges.week.to),
        month: inRange(ranges.month.from, ranges.month.to),
        quarter: inRange(ranges.quarter.from, ranges.quarter.to),
        lifetime: ofType.reduce((n, e) => n + e[column], 0),
      };
    };
    return { activity_type: type, quantity: sum('quantity'), points: sum('points') };
  });
  const cycles = new Set((['daily', 'weekly', 'monthly', 'lifetime'] as const).map((cycle) => cycleKey(cycle, date)));
  return {
    totals,
    days: mine.filter((e) => e.local_date <= date).map((e) => ({ local_date: e.local_date, points: e.points })),
    streak_mode: 'daily',
    earned: held.filter((b) => b.user_id === userId && cycles.has(b.cycle_key)),
  };
}

/**
 * What applying the entries one at a time gave: each judged on the user's totals read right after its
 * own insert, less the badges the user held in those cycles by then. Badge types per entry.
 */
function oneAtATime(ledger: LedgerEntry[], held: HeldBy[], entries: readonly LedgerEntry[], goal: number): BadgeType[][] {
  return entries.map((e) => {
    ledger.push(e);
    const context = contextFrom(ledger, held, e.user_id, e.local_date);
    const stats = badgeStats(context.totals, streakOf(context.days, e.local_date, streakRule(context.streak_mode, goal)).streak_days);
    const holds = new Set(context.earned.map((b) => `${b.badge_type}/${b.cycle_key}`));
    const fresh = qualifyingBadges(stats, e.local_date, goal).filter((q) => !holds.has(`${q.spec.key}/${q.cycleKey}`));
    held.push(...fresh.map((q) => ({ user_id: e.user_id, badge_type: q.spec.key, cycle_key: q.cycleKey })));
    return fresh.map((q) => q.spec.key);
  });
}

const batchTypes = (entries: readonly LedgerEntry[], before: (userId: string, date: LocalDate) => BadgeContext, goal = GOAL) =>
  freshBadgesOfBatch(entries, before, goal).map((badges) => badges.map((b) => b.spec.key));

const nothingBefore = (): BadgeContext => ({ totals: [], days: [], streak_mode: 'daily', earned: [] });

describe('freshBadgesOfBatch', () => {
  it('awards a badge to the event of the batch that reaches its threshold, and not again to the next one', () => {
    const before = [entry('ana', '2025-03-12', 'cold_call', 45)];
    const batch = [entry('ana', '2025-03-12', 'cold_call', 3), entry('ana', '2025-03-12', 'cold_call', 3), entry('ana', '2025-03-12', 'cold_call', 1)];
    const badges = batchTypes(batch, (user, date) => contextFrom(before, [], user, date));
    // 48 calls and points; 51: the daily goal and call_crusher; 52: both held already.
    expect(badges).toEqual([[], ['daily_victory', 'call_crusher'], []]);
  });

  it('judges events of one user on two dates of the batch each on its own day, and adds the earlier one to the week they share', () => {
    const batch = [entry('ana', '2025-03-10', 'doorknock', 19), entry('ana', '2025-03-11', 'doorknock', 19), entry('ana', '2025-03-12', 'doorknock', 12)];
    // 19 a day is not door_dominator (20 a day); 50 in the week is field_warrior_week.
    expect(batchTypes(batch, nothingBefore, NO_GOAL)).toEqual([[], [], ['field_warrior_week']]);
  });

  it('leaves an earlier event of the batch out of the day, week and month of a date they do not share', () => {
    // Sunday 2025-03-30, then Monday 2025-03-31 (a new ISO week) and Tuesday 2025-04-01 (a new month and quarter).
    const batch = [
      entry('ana', '2025-03-30', 'doorknock', 45),
      entry('ana', '2025-04-01', 'meeting', 15),
      entry('ana', '2025-03-31', 'doorknock', 5),
      entry('ana', '2025-03-31', 'meeting', 10),
    ];
    // Counted where they do not belong, 50 doorknocks in the week of 03-31 and 25 meetings in March would earn badges.
    expect(batchTypes(batch, nothingBefore, NO_GOAL)).toEqual([['door_dominator'], ['first_meeting'], [], []]);
  });

  it('counts a later date of the batch in lifetime totals, and not in the streak of an earlier date', () => {
    const before = [entry('ana', '2025-03-01', 'cold_call', 90), ...Array.from({ length: 6 }, (_, i) => entry('ana', addDays('2025-03-05', i), 'email', 1))];
    const batch = [entry('ana', '2025-03-12', 'cold_call', 5), entry('ana', '2025-03-11', 'cold_call', 5)];
    const badges = batchTypes(batch, (user, date) => contextFrom(before, [], user, date), NO_GOAL);
    // 03-12 after a gap: a streak of 1, 95 calls; 03-11 closes 03-05..03-11 (seven days) and makes 100 calls.
    expect(badges).toEqual([[], ['seven_day_streak', '100_calls']]);
  });

  it('never awards again a badge held before the batch in the same cycle', () => {
    const before = [entry('ana', '2025-03-12', 'cold_call', 49)];
    const held: HeldBy[] = [{ user_id: 'ana', badge_type: 'call_crusher', cycle_key: '2025-03-12' }];
    const badges = batchTypes([entry('ana', '2025-03-12', 'cold_call', 1)], (user, date) => contextFrom(before, held, user, date));
    expect(badges).toEqual([['daily_victory']]);
  });

  it("keeps users apart: one user's events of the batch do not count toward another's", () => {
    const batch = [entry('ana', '2025-03-12', 'cold_call', 30), entry('ben', '2025-03-12', 'cold_call', 30), entry('ana', '2025-03-12', 'cold_call', 20)];
    expect(batchTypes(batch, nothingBefore, NO_GOAL)).toEqual([[], [], ['call_crusher']]);
  });

  it('gives the badges of applying each event alone, over random batches of several users and dates', () => {
    // A fixed pseudo-random sequence (no Math.random: the same events on every run).
    let seed = 20250312;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const types: ActivityType[] = ['cold_call', 'doorknock', 'live_conversation', 'meeting', 'email'];
    // Two users over 16 days across a week, month and quarter end, often enough to cross most thresholds.
    const events = Array.from({ length: 500 }, () => entry(['ana', 'ben'][next(2)]!, addDays('2025-03-22', next(16)), types[next(types.length)]!, 1 + next(12)));
    const sequential = oneAtATime([], [], events, GOAL);

    const ledger: LedgerEntry[] = [];
    const held: HeldBy[] = [];
    const batched: BadgeType[][] = [];
    for (let start = 0; start < events.length;) {
      const batch = events.slice(start, (start += 1 + next(16)));
      const badges = freshBadgesOfBatch(batch, (user, date) => contextFrom(ledger, held, user, date), GOAL);
      batch.forEach((e, i) => held.push(...badges[i]!.map((q) => ({ user_id: e.user_id, badge_type: q.spec.key, cycle_key: q.cycleKey }))));
      ledger.push(...batch);
      batched.push(...badges.map((b) => b.map((q) => q.spec.key)));
    }

    expect(batched).toEqual(sequential);
    // The sequence is only worth something if it crosses thresholds of every kind of scope.
    expect(new Set(sequential.flat())).toEqual(
      new Set([
        'daily_victory',
        'connector',
        'door_dominator',
        'seven_day_streak',
        'connector_week',
        'field_warrior_week',
        'meeting_maker_20',
        'monthly_master',
        'first_meeting',
        '100_calls',
      ]),
    );
  });
});

describe('repeatCountsOfBatch', () => {
  it("counts each badge's cycles as they stood when its event was applied: later events' rows left out", () => {
    const earned = [
      { user_id: 'ana', badge_type: 'daily_victory' as const },
      { user_id: 'ben', badge_type: 'daily_victory' as const },
      { user_id: 'ana', badge_type: 'call_crusher' as const },
      { user_id: 'ana', badge_type: 'daily_victory' as const },
    ];
    const after: Record<string, number> = { 'ana/daily_victory': 5, 'ben/daily_victory': 1, 'ana/call_crusher': 2 };
    expect(repeatCountsOfBatch(earned, (user, type) => after[`${user}/${type}`]!)).toEqual([4, 1, 2, 5]);
  });
});

describe('badgesNoLongerMet', () => {
  const day: LocalDate = '2026-03-18';

  it('names a daily badge whose threshold the remaining entries of its day miss, and keeps one still met', () => {
    const kept = entry('u1', day, 'cold_call', 50);
    const held: HeldBy[] = [
      { user_id: 'u1', badge_type: 'call_crusher', cycle_key: day },
      { user_id: 'u1', badge_type: 'daily_victory', cycle_key: day },
    ];
    // The 5 meetings that made the daily goal (50 cold calls are 50 points too) were deleted: both still met.
    expect(badgesNoLongerMet(contextFrom([kept], held, 'u1', day), day, GOAL)).toEqual([]);
    // With only 49 cold calls left, neither is.
    const fewer = entry('u1', day, 'cold_call', 49);
    expect(badgesNoLongerMet(contextFrom([fewer], held, 'u1', day), day, GOAL).map((b) => b.badge_type)).toEqual(['call_crusher', 'daily_victory']);
  });

  it('names a streak badge when the day that made the streak has nothing left', () => {
    const earlier = Array.from({ length: 6 }, (_, i) => entry('u1', addDays(day, i - 6), 'email', 1));
    const held: HeldBy[] = [{ user_id: 'u1', badge_type: 'seven_day_streak', cycle_key: cycleKey('weekly', day) }];
    expect(badgesNoLongerMet(contextFrom([...earlier, entry('u1', day, 'email', 1)], held, 'u1', day), day, NO_GOAL)).toEqual([]);
    expect(badgesNoLongerMet(contextFrom(earlier, held, 'u1', day), day, NO_GOAL).map((b) => b.badge_type)).toEqual(['seven_day_streak']);
  });
});
