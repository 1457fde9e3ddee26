import type { ActivityType, Badge, BadgeCycle, BadgeDefinition, BadgeType } from '@warriors/contracts';
import { BADGE_CATALOG, badgeSpec, type BadgeRule, type BadgeScope, type BadgeSpec } from './badge-catalog';
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
