import type { ActivityType, BadgeCycle, BadgeType } from '@warriors/contracts';

/** Where a rule counts: the local day, ISO week, month or calendar quarter of the activity, or all time. */
export type BadgeScope = 'day' | 'week' | 'month' | 'quarter' | 'lifetime';

export type BadgeMeasure =
  | { kind: 'points'; scope: BadgeScope }
  | { kind: 'count'; activity: ActivityType; scope: BadgeScope }
  /** The streak on the activity's local date. */
  | { kind: 'streak' };

export interface BadgeRule {
  measure: BadgeMeasure;
  /** 'daily_goal_points' follows the configured daily goal (50 by default). */
  threshold: number | 'daily_goal_points';
}

export interface BadgeSpec {
  key: BadgeType;
  name: string;
  description: string;
  /** A repeatable badge is earned at most once per cycle; lifetime ones once. */
  cycle: BadgeCycle;
  icon: string;
  rule: BadgeRule;
}

/** The one list of badges: rules, texts and icons. BADGES.md mirrors it in a table. */
export const BADGE_CATALOG: readonly BadgeSpec[] = [
  {
    key: 'daily_victory',
    name: 'Daily Victory',
    description: 'Reach your daily points goal in one day',
    cycle: 'daily',
    icon: '🏆',
    rule: { measure: { kind: 'points', scope: 'day' }, threshold: 'daily_goal_points' },
  },
  {
    key: 'call_crusher',
    name: 'Call Crusher',
    description: 'Make 50 cold calls in one day',
    cycle: 'daily',
    icon: '📞',
    rule: { measure: { kind: 'count', activity: 'cold_call', scope: 'day' }, threshold: 50 },
  },
  {
    key: 'connector',
    name: 'Connector',
    description: 'Have 10 live conversations in one day',
    cycle: 'daily',
    icon: '🗣️',
    rule: { measure: { kind: 'count', activity: 'live_conversation', scope: 'day' }, threshold: 10 },
  },
  {
    key: 'door_dominator',
    name: 'Door Dominator',
    description: 'Knock on 20 doors in one day',
    cycle: 'daily',
    icon: '🚪',
    rule: { measure: { kind: 'count', activity: 'doorknock', scope: 'day' }, threshold: 20 },
  },
  {
    key: 'seven_day_streak',
    name: '7-Day Streak',
    description: 'Log activity 7 days in a row',
    cycle: 'weekly',
    icon: '🔥',
    rule: { measure: { kind: 'streak' }, threshold: 7 },
  },
  {
    key: 'connector_week',
    name: 'Connector of the Week',
    description: 'Have 50 live conversations in one week (Monday to Sunday)',
    cycle: 'weekly',
    icon: '🤝',
    rule: { measure: { kind: 'count', activity: 'live_conversation', scope: 'week' }, threshold: 50 },
  },
  {
    key: 'field_warrior_week',
    name: 'Field Warrior',
    description: 'Knock on 50 doors in one week (Monday to Sunday)',
    cycle: 'weekly',
    icon: '🥾',
    rule: { measure: { kind: 'count', activity: 'doorknock', scope: 'week' }, threshold: 50 },
  },
  {
    key: 'call_crusher_1k',
    name: 'Call Crusher 1K',
    description: 'Make 1,000 cold calls in one month',
    cycle: 'monthly',
    icon: '☎️',
    rule: { measure: { kind: 'count', activity: 'cold_call', scope: 'month' }, threshold: 1000 },
  },
  {
    key: 'meeting_maker_20',
    name: 'Meeting Maker',
    description: 'Hold 20 meetings in one month',
    cycle: 'monthly',
    icon: '📅',
    rule: { measure: { kind: 'count', activity: 'meeting', scope: 'month' }, threshold: 20 },
  },
  {
    key: 'monthly_master',
    name: 'Monthly Master',
    description: 'Earn 1,500 points in one month',
    cycle: 'monthly',
    icon: '👑',
    rule: { measure: { kind: 'points', scope: 'month' }, threshold: 1500 },
  },
  {
    key: 'quarter_champ',
    name: 'Quarter Champ',
    description: 'Earn 4,500 points within one calendar quarter',
    cycle: 'lifetime',
    icon: '🏅',
    rule: { measure: { kind: 'points', scope: 'quarter' }, threshold: 4500 },
  },
  {
    key: 'call_titan_10k',
    name: 'Call Titan',
    description: 'Make 10,000 cold calls',
    cycle: 'lifetime',
    icon: '⚡',
    rule: { measure: { kind: 'count', activity: 'cold_call', scope: 'lifetime' }, threshold: 10_000 },
  },
  {
    key: 'all_star_streak_100',
    name: 'All-Star Streak',
    description: 'Log activity 100 days in a row',
    cycle: 'lifetime',
    icon: '⭐',
    rule: { measure: { kind: 'streak' }, threshold: 100 },
  },
  {
    key: 'first_meeting',
    name: 'First Meeting',
    description: 'Hold your first meeting',
    cycle: 'lifetime',
    icon: '🎯',
    rule: { measure: { kind: 'count', activity: 'meeting', scope: 'lifetime' }, threshold: 1 },
  },
  {
    key: '100_calls',
    name: '100 Calls',
    description: 'Make 100 cold calls',
    cycle: 'lifetime',
    icon: '💯',
    rule: { measure: { kind: 'count', activity: 'cold_call', scope: 'lifetime' }, threshold: 100 },
  },
];

const BY_KEY = new Map(BADGE_CATALOG.map((spec) => [spec.key, spec]));

export function badgeSpec(key: BadgeType): BadgeSpec {
  return BY_KEY.get(key)!;
}
