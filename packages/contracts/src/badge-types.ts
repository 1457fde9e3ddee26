// Plain values without a schema: the web's shell (the session, on every page) reads the badge order from
// here without loading zod and every schema beside them (docs/decisions.md, "contracts the sign-in page
// loads").

export const BADGE_TYPES = [
  'daily_victory',
  'call_crusher',
  'connector',
  'door_dominator',
  'seven_day_streak',
  'connector_week',
  'field_warrior_week',
  'call_crusher_1k',
  'meeting_maker_20',
  'monthly_master',
  'quarter_champ',
  'call_titan_10k',
  'all_star_streak_100',
  'first_meeting',
  '100_calls',
] as const;

/** daily: local day; weekly: ISO week from Monday; monthly: from the 1st; lifetime: once. */
export const BADGE_CYCLES = ['daily', 'weekly', 'monthly', 'lifetime'] as const;
export type BadgeCycle = (typeof BADGE_CYCLES)[number];
