import { z } from 'zod';
import { ActivityType } from './activity';
import { User } from './auth';
import { CampaignIcon, GoalItem } from './campaigns';

/**
 * 'Download my data': the broker's activity log as CSV (`GET /api/export/activities.csv`, served by
 * activity) and everything as one JSON document (`GET /api/export/me.json`, which the gateway writes
 * piece by piece from each service's part, in EXPORT_PARTS' order). Both are streamed: no process holds
 * more than a page of rows.
 */

/** Rows read per statement while an export streams. */
export const EXPORT_PAGE_SIZE = 500;

/** Activity ids one held-entries question may name (a page). */
export const HELD_QUESTION_MAX_IDS = EXPORT_PAGE_SIZE;

const IsoInstant = z.string().datetime({ offset: true });
const LocalDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One logged entry, as both downloads give it. */
export const ExportEntry = z.object({
  id: z.string(),
  activity_type: ActivityType,
  quantity: z.number().int().positive(),
  points: z.number().int().nonnegative(),
  /** Kept out of the points above a daily ceiling until confirmed (gamification's judgement at export time). */
  held: z.boolean(),
  note: z.string().nullable(),
  /** The instant, in UTC. */
  created_at_utc: IsoInstant,
  /** The same instant in the broker's timezone at export time, with its offset (2026-03-08T01:30:00.000-06:00). */
  created_at_local: IsoInstant,
  /** The local day the entry counted in, fixed when it was logged. */
  local_date: LocalDateText,
});
export type ExportEntry = z.infer<typeof ExportEntry>;

/** The CSV's columns, in order: the header row names them. */
export const EXPORT_CSV_COLUMNS = [
  'id',
  'activity_type',
  'quantity',
  'points',
  'held',
  'note',
  'created_at_utc',
  'created_at_local',
  'local_date',
] as const satisfies readonly (keyof ExportEntry)[];

/** The account's own record: everything /api/me shows but the figures other services keep, and no credential. */
export const ExportProfile = User.omit({ streak_days: true, streak_freezes: true, streak_protected: true, badges: true }).extend({ created_at: IsoInstant });
export type ExportProfile = z.infer<typeof ExportProfile>;

/** A row of the points ledger: an entry's points, a goal's bonus, or a deleted entry's reversal (both rows kept). */
export const ExportLedgerRow = z.object({
  id: z.number().int(),
  source: z.enum(['activity', 'campaign', 'reversal']),
  /** The activity's id, the completed goal's event id, or `reversal:<activity_id>`. */
  source_id: z.string(),
  /** Negative only on a reversal. */
  points: z.number().int(),
  activity_type: z.string().nullable(),
  quantity: z.number().int().nullable(),
  local_date: LocalDateText,
  occurred_at: IsoInstant,
  held: z.boolean(),
  confirmed_at: IsoInstant.nullable(),
});
export type ExportLedgerRow = z.infer<typeof ExportLedgerRow>;

export const ExportBadge = z.object({
  id: z.string(),
  badge_type: z.string(),
  name: z.string(),
  /** The cycle it was earned in: a local date, an ISO week's Monday, a month (YYYY-MM) or 'lifetime'. */
  cycle_key: z.string(),
  earned_at: IsoInstant,
});
export type ExportBadge = z.infer<typeof ExportBadge>;

export const ExportGoal = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  kind: z.enum(['prebuilt', 'power', 'custom']),
  name: z.string(),
  description: z.string(),
  icon: CampaignIcon,
  duration_days: z.number().int(),
  /** What the goal asks: counts per activity type, or points. */
  target: z.discriminatedUnion('kind', [z.object({ kind: z.literal('types'), goals: z.array(GoalItem) }), z.object({ kind: z.literal('points'), points: z.number().int() })]),
  /** Logged so far inside the goal's window, per activity type. */
  counts: z.record(z.string(), z.number()),
  points: z.number().int(),
  bonus_points: z.number().int(),
  /** The zone whose local days the goal runs on. */
  timezone: z.string(),
  started_at: IsoInstant,
  left_at: IsoInstant.nullable(),
  completed_at: IsoInstant.nullable(),
  /** A custom goal's campaign the broker created. */
  created_by_me: z.boolean(),
});
export type ExportGoal = z.infer<typeof ExportGoal>;

/** A challenge the broker is a member of (the ones they host with role 'owner'). */
export const ExportChallenge = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  start_at: IsoInstant,
  end_at: IsoInstant,
  points_target: z.number().int().nullable(),
  is_private: z.boolean(),
  activity_goals: z.record(z.string(), z.number()),
  role: z.enum(['owner', 'member']),
  joined_at: IsoInstant,
  points: z.number().int(),
  counts: z.record(z.string(), z.number()),
});
export type ExportChallenge = z.infer<typeof ExportChallenge>;

/** What `GET /api/export/me.json` answers, key by key in this order. */
export const DataExport = z.object({
  format: z.literal('prospect-warriors-export'),
  version: z.literal(1),
  exported_at: IsoInstant,
  profile: ExportProfile,
  entries: z.array(ExportEntry),
  points_ledger: z.array(ExportLedgerRow),
  badges: z.array(ExportBadge),
  goals: z.array(ExportGoal),
  challenges: z.array(ExportChallenge),
});
export type DataExport = z.infer<typeof DataExport>;

export const EXPORT_FORMAT = { format: 'prospect-warriors-export', version: 1 } as const;

/**
 * Each part of the JSON document and the service that writes it, at a path of its own that the gateway
 * alone asks (outside /api, so the route table never sends a browser there), with the caller's bearer
 * token: each service checks it and writes only the token's user's rows.
 */
export const EXPORT_PARTS = [
  { key: 'profile', service: 'auth', path: '/export/profile' },
  { key: 'entries', service: 'activity', path: '/export/entries' },
  { key: 'points_ledger', service: 'gamification', path: '/export/points-ledger' },
  { key: 'badges', service: 'gamification', path: '/export/badges' },
  { key: 'goals', service: 'campaigns', path: '/export/goals' },
  { key: 'challenges', service: 'challenges', path: '/export/challenges' },
] as const satisfies readonly { key: Exclude<keyof DataExport, keyof typeof EXPORT_FORMAT | 'exported_at'>; service: string; path: string }[];

export const exportPathOf = (key: (typeof EXPORT_PARTS)[number]['key']): string => EXPORT_PARTS.find((part) => part.key === key)!.path;

/** The download's file name, dated with the broker's local day. */
export const exportFileName = (kind: 'activities' | 'data', localDay: string, extension: 'csv' | 'json'): string => `prospect-warriors-${kind}-${localDay}.${extension}`;

/** gamification answers which of some of a user's activities are held above a daily ceiling. */
export const HeldEntriesRequest = z.object({ user_id: z.string(), activity_ids: z.array(z.string()).max(HELD_QUESTION_MAX_IDS) });
export const HeldEntriesReply = z.object({ held_ids: z.array(z.string()) });
