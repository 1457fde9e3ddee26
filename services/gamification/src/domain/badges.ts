import { ACTIVITY_CATALOG, type ActivityType, type Badge, type BadgeCycle, type BadgeDefinition, type BadgeProgress, type BadgeType } from '@warriors/contracts';
import { BADGE_CATALOG, badgeSpec, type BadgeMeasure, type BadgeRule, type BadgeScope, type BadgeSpec } from './badge-catalog';
import { addDays, isoWeekStart, monthEnd, monthStart, quarterEnd, quarterStart, type LocalDate } from '@warriors/contracts';

/** What a user has done in each scope around one local date, plus the streak on that date. */
export interface BadgeStats {
  points: Record<BadgeScope, number>;
  counts: Record<BadgeScope, Partial<Record<ActivityType, number>>>;
  streak: number;
}

export interface DateRange {
  from: LocalDate;
  to: LocalDate;
}

/** The local dates each bounded scope covers around `date`, both ends included. */
export function scopeRanges(date: LocalDate): Record<Exclude<BadgeScope, 'lifetime'>, DateRange> {
  const monday = isoWeekStart(date);
  return {
    day: { from: date, to: date },
    week: { from: monday, to: addDays(monday, 6) },
    month: { from: monthStart(date), to: monthEnd(date) },
    quarter: { from: quarterStart(date), to: quarterEnd(date) },
  };
}

/** The cycle an activity on `date` counts towards: its date, its ISO week's Monday, its month, or once. */
export function cycleKey(cycle: BadgeCycle, date: LocalDate): string {
  switch (cycle) {
    case 'daily':
      return date;
    case 'weekly':
      return isoWeekStart(date);
    case 'monthly':
      return date.slice(0, 7);
    case 'lifetime':
      return 'lifetime';
    default: {
      const unknown: never = cycle;
      throw new Error(`unknown cycle ${String(unknown)}`);
    }
  }
}

export function thresholdOf(rule: BadgeRule, dailyGoalPoints: number): number {
  return rule.threshold === 'daily_goal_points' ? dailyGoalPoints : rule.threshold;
}

function measured(rule: BadgeRule, stats: BadgeStats): number {
  const { measure } = rule;
  switch (measure.kind) {
    case 'points':
      return stats.points[measure.scope];
    case 'count':
      return stats.counts[measure.scope][measure.activity] ?? 0;
    case 'streak':
      return stats.streak;
    default: {
      const unknown: never = measure;
      throw new Error(`unknown measure ${JSON.stringify(unknown)}`);
    }
  }
}

export interface QualifiedBadge {
  spec: BadgeSpec;
  cycleKey: string;
}

/**
 * Every badge whose rule holds for an activity on `date`, with the cycle it belongs to. Whether it is
 * new is the store's question: a badge row is unique per user, badge and cycle, so an insert that
 * conflicts means "already earned this cycle".
 */
export function qualifyingBadges(stats: BadgeStats, date: LocalDate, dailyGoalPoints: number): QualifiedBadge[] {
  return BADGE_CATALOG.filter((spec) => measured(spec.rule, stats) >= thresholdOf(spec.rule, dailyGoalPoints)).map((spec) => ({
    spec,
    cycleKey: cycleKey(spec.cycle, date),
  }));
}

/** A badge earned in one cycle (a row of user_badges). */
export interface HeldBadge {
  badge_type: BadgeType;
  cycle_key: string;
}

/** A badge in one cycle, as one text: what tells a held badge from one still to earn. */
export const heldKey = (badgeType: BadgeType, cycle: string) => `${badgeType}/${cycle}`;

/** The line under a badge not yet earned: what is left to do in the words of its measure. */
function progressText(spec: BadgeSpec, current: number, target: number, remaining: number): string {
  const { measure } = spec.rule;
  if (measure.kind === 'streak') return `Streak ${current} of ${target} days`;
  return `${remaining.toLocaleString('en-US')} more ${unitName(measure, remaining)} to ${spec.name}`;
}

function unitName(measure: Exclude<BadgeMeasure, { kind: 'streak' }>, amount: number): string {
  if (measure.kind === 'points') return amount === 1 ? 'point' : 'points';
  const { label, plural } = ACTIVITY_CATALOG[measure.activity];
  return (amount === 1 ? label : plural).toLowerCase();
}

/**
 * How far the user is from every badge not earned in the cycle `date` falls in (`held`: the badges
 * earned in those cycles), by the rules qualifyingBadges awards with: each badge's one measure against
 * its threshold. A badge whose rule already holds but is not held yet (its entry still held back by a
 * ceiling) shows with nothing remaining. Catalog order.
 */
export function badgeProgress(stats: BadgeStats, date: LocalDate, dailyGoalPoints: number, held: readonly HeldBadge[]): BadgeProgress[] {
  const earned = new Set(held.map((badge) => heldKey(badge.badge_type, badge.cycle_key)));
  return BADGE_CATALOG.filter((spec) => !earned.has(heldKey(spec.key, cycleKey(spec.cycle, date)))).map((spec) => {
    const target = thresholdOf(spec.rule, dailyGoalPoints);
    const current = measured(spec.rule, stats);
    const remaining = Math.max(0, target - current);
    return { badge_type: spec.key, name: spec.name, cycle: spec.cycle, current, target, remaining, text: progressText(spec, current, target, remaining) };
  });
}

export interface EarnedBadgeRow {
  id: string;
  badge_type: BadgeType;
  earned_at: Date;
}

/** One Badge per type earned: repeat_count is the number of cycles earned, earned_at the latest. Catalog order. */
export function summarizeBadges(rows: readonly EarnedBadgeRow[]): Badge[] {
  const byType = new Map<BadgeType, EarnedBadgeRow[]>();
  for (const row of rows) byType.set(row.badge_type, [...(byType.get(row.badge_type) ?? []), row]);
  return BADGE_CATALOG.flatMap((spec) => {
    const earned = byType.get(spec.key);
    if (!earned) return [];
    const latest = earned.reduce((a, b) => (b.earned_at > a.earned_at ? b : a));
    return [toBadge(latest, earned.length)];
  });
}

/** The latest badges first, at most `limit`: a profile shows what was earned most recently. */
export const newestBadges = (badges: readonly Badge[], limit: number): Badge[] => [...badges].sort((a, b) => b.earned_at.localeCompare(a.earned_at)).slice(0, limit);

export function toBadge(row: EarnedBadgeRow, repeatCount: number): Badge {
  const spec = badgeSpec(row.badge_type);
  return {
    id: row.id,
    badge_type: spec.key,
    name: spec.name,
    description: spec.description,
    cycle: spec.cycle,
    repeat_count: repeatCount,
    repeat: repeatCount,
    earned_at: row.earned_at.toISOString(),
  };
}

/** The definitions response: spec point 3 says lifetime badges are of type 'lifetime', the rest repeatable. */
export function badgeDefinitions(): BadgeDefinition[] {
  return BADGE_CATALOG.map((spec) => ({
    key: spec.key,
    name: spec.name,
    description: spec.description,
    cycle: spec.cycle,
    type: spec.cycle === 'lifetime' ? 'lifetime' : 'repeatable',
    icon: spec.icon,
  }));
}
