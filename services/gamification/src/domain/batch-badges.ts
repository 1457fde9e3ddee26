import type { BadgeType, LocalDate, StreakMode } from '@warriors/contracts';
import { heldKey, qualifyingBadges, scopeRanges, type DateRange, type HeldBadge, type QualifiedBadge } from './badges';
import { badgeStats, type LedgerEntry, type ScopeTotals } from './ledger';
import { streakOf, streakRule, type StreakDay } from './streak';

/** What the badge rules need about a user around one local date, as it stood before a batch. */
export interface BadgeContext {
  /** Per activity type, the quantity and points in each scope around the date. */
  totals: ScopeTotals[];
  /** Every local date with logged work and its points (the streak rules read those on or before the date; the log's answer reads them all). */
  days: StreakDay[];
  /** How the user's streak counts days ('daily' for a user the projection lacks). */
  streak_mode: StreakMode;
  /** Badges already earned in the cycles an activity on the date counts towards. */
  earned: HeldBadge[];
}

const within = (range: DateRange, date: LocalDate) => range.from <= date && date <= range.to;

/** One entry as a totals row of the scopes around `date` that hold it (lifetime holds every entry). */
function totalsAround(entry: LedgerEntry, date: LocalDate): ScopeTotals {
  const ranges = scopeRanges(date);
  const of = (amount: number) => ({
    day: within(ranges.day, entry.local_date) ? amount : 0,
    week: within(ranges.week, entry.local_date) ? amount : 0,
    month: within(ranges.month, entry.local_date) ? amount : 0,
    quarter: within(ranges.quarter, entry.local_date) ? amount : 0,
    lifetime: amount,
  });
  return { activity_type: entry.activity_type, quantity: of(entry.quantity), points: of(entry.points) };
}

/**
 * The badges each entry of a batch newly earns, as if the entries had been applied one after the
 * other, each judged on its user's totals right after its own ledger row: the context before the
 * batch plus the user's earlier entries of the batch and the entry itself, less the badges held
 * before the batch or earned by those earlier entries. `entries` are the ledger rows the batch
 * inserted, in the order it applied them; the answer is in the same order, each in catalog order.
 */
export function freshBadgesOfBatch(entries: readonly LedgerEntry[], contextBefore: (userId: string, date: LocalDate) => BadgeContext, dailyGoalPoints: number): QualifiedBadge[][] {
  const appliedByUser = new Map<string, LedgerEntry[]>();
  const earnedByUser = new Map<string, Set<string>>();
  return entries.map((entry) => {
    const date = entry.local_date;
    const applied = [...(appliedByUser.get(entry.user_id) ?? []), entry];
    appliedByUser.set(entry.user_id, applied);
    const context = contextBefore(entry.user_id, date);
    // A later date of the batch needs no filtering out: the streak is judged on `date`.
    const streak = streakOf([...context.days, ...applied], date, streakRule(context.streak_mode, dailyGoalPoints)).streak_days;
    const stats = badgeStats([...context.totals, ...applied.map((e) => totalsAround(e, date))], streak);
    const earned = earnedByUser.get(entry.user_id) ?? new Set<string>();
    earnedByUser.set(entry.user_id, earned);
    const held = new Set([...context.earned.map((b) => heldKey(b.badge_type, b.cycle_key)), ...earned]);
    const fresh = qualifyingBadges(stats, date, dailyGoalPoints).filter((q) => !held.has(heldKey(q.spec.key, q.cycleKey)));
    for (const q of fresh) earned.add(heldKey(q.spec.key, q.cycleKey));
    return fresh;
  });
}

/**
 * The repeat count each badge earned by a batch showed when applied one event at a time: the user's
 * rows of that type after the batch, less those the batch inserted after it. `earned` in the order
 * the batch applied them; `rowsAfter` answers the count of a user's rows of a type after the batch.
 */
export function repeatCountsOfBatch(earned: ReadonlyArray<{ user_id: string; badge_type: BadgeType }>, rowsAfter: (userId: string, badgeType: BadgeType) => number): number[] {
  const key = (b: { user_id: string; badge_type: BadgeType }) => `${b.user_id}/${b.badge_type}`;
  const later = new Map<string, number>();
  for (const badge of earned) later.set(key(badge), (later.get(key(badge)) ?? 0) + 1);
  return earned.map((badge) => {
    const remaining = later.get(key(badge))! - 1;
    later.set(key(badge), remaining);
    return rowsAfter(badge.user_id, badge.badge_type) - remaining;
  });
}

/**
 * The badges held in the cycles of `date` whose rule no longer holds on the user's context around it
 * as it stands now (after a deleted entry of the date was taken back): each is revoked. The streak is
 * judged as an award on that date judges it.
 */
export function badgesNoLongerMet(context: BadgeContext, date: LocalDate, dailyGoalPoints: number): HeldBadge[] {
  const stats = badgeStats(context.totals, streakOf(context.days, date, streakRule(context.streak_mode, dailyGoalPoints)).streak_days);
  const met = new Set(qualifyingBadges(stats, date, dailyGoalPoints).map((q) => heldKey(q.spec.key, q.cycleKey)));
  return context.earned.filter((badge) => !met.has(heldKey(badge.badge_type, badge.cycle_key)));
}
