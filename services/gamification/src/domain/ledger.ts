import type { ActivityType, EventOf } from '@warriors/contracts';
import type { BadgeScope } from './badge-catalog';
import type { BadgeStats } from './badges';
import type { LocalDate } from '@warriors/contracts';

/**
 * One row per activity event, never updated: points are the event's (activity prices them from the
 * catalog), and the row is keyed by the activity id, so a second delivery cannot add a second row.
 */
export interface LedgerEntry {
  user_id: string;
  source: 'activity';
  source_id: string;
  points: number;
  activity_type: ActivityType;
  quantity: number;
  local_date: LocalDate;
  occurred_at: Date;
}

/**
 * A campaign's completion bonus: points on the boards and in point totals, but no activity type or
 * quantity, so badges and streaks (which measure logged work) never see it. Keyed by the event id,
 * which campaigns derive from the user's campaign: one bonus per completion however it is redelivered.
 */
export interface BonusEntry {
  user_id: string;
  source: 'campaign';
  source_id: string;
  points: number;
  activity_type: null;
  quantity: null;
  local_date: LocalDate;
  occurred_at: Date;
}

export function bonusEntryFor(event: EventOf<'campaign.completed'>): BonusEntry {
  const { data } = event;
  return {
    user_id: data.user_id,
    source: 'campaign',
    source_id: event.id,
    points: data.bonus_points,
    activity_type: null,
    quantity: null,
    local_date: data.local_date,
    occurred_at: new Date(data.completed_at),
  };
}

export function ledgerEntryFor(event: EventOf<'activity.logged'>): LedgerEntry {
  const { data } = event;
  return {
    user_id: data.user_id,
    source: 'activity',
    source_id: data.activity_id,
    points: data.points,
    activity_type: data.activity_type,
    quantity: data.quantity,
    local_date: data.local_date,
    occurred_at: new Date(data.occurred_at),
  };
}

/** One activity type's sums of quantity and points in each scope. */
export interface ScopeTotals {
  activity_type: ActivityType;
  quantity: Record<BadgeScope, number>;
  points: Record<BadgeScope, number>;
}

const SCOPES: readonly BadgeScope[] = ['day', 'week', 'month', 'quarter', 'lifetime'];

export function badgeStats(totals: readonly ScopeTotals[], streak: number): BadgeStats {
  const stats: BadgeStats = {
    points: { day: 0, week: 0, month: 0, quarter: 0, lifetime: 0 },
    counts: { day: {}, week: {}, month: {}, quarter: {}, lifetime: {} },
    streak,
  };
  for (const row of totals) {
    for (const scope of SCOPES) {
      stats.points[scope] += row.points[scope];
      stats.counts[scope][row.activity_type] = (stats.counts[scope][row.activity_type] ?? 0) + row.quantity[scope];
    }
  }
  return stats;
}
