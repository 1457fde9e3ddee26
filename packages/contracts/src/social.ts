import { z } from 'zod';
import { ACTIVITY_TYPES } from './activity-catalog';
import { Badge } from './gamification';
import { limitParam } from './paging';
import { PictureUrl } from './picture';
import { PULSE_EVENT_TYPES, PULSE_LIMIT } from './live-pulse';

/** The most events one GET /api/battle-pulse answers. */
export const PULSE_MAX_LIMIT = 100;
/** Spec point 9: a public profile shows at most 8 badges. */
export const PROFILE_BADGE_LIMIT = 8;

export const PulseEventType = z.enum(PULSE_EVENT_TYPES);
export type PulseEventType = z.infer<typeof PulseEventType>;

/**
 * One line of the Battle Pulse (spec point 3). related_user is the other broker's username, when there is
 * one. name is the line's user's name, for `personName` (the page names them as every list does); a line
 * announced live by a version that did not carry it has none, and the page falls back to the username.
 */
export const PulseEvent = z.object({
  id: z.string(),
  type: PulseEventType,
  user_id: z.string(),
  username: z.string(),
  name: z.string().optional(),
  message: z.string(),
  related_user: z.string().nullable(),
  created_at: z.string(),
});
export type PulseEvent = z.infer<typeof PulseEvent>;

export const BattlePulseQuery = z.object({ limit: limitParam(PULSE_MAX_LIMIT, PULSE_LIMIT) });

/** What every socket on /ws receives for each new pulse event. */
export const PulseSocketMessage = z.object({ kind: z.literal('pulse'), payload: PulseEvent });
export type PulseSocketMessage = z.infer<typeof PulseSocketMessage>;

/**
 * What every socket on /ws receives after points reached the boards: the leaderboards, the ranks and
 * Shots Fired changed, so an open dashboard refetches them. It names no user: every board may have moved.
 */
export const BoardsChangedSocketMessage = z.object({ kind: z.literal('boards.changed') });
export type BoardsChangedSocketMessage = z.infer<typeof BoardsChangedSocketMessage>;

export const LiveSocketMessage = z.discriminatedUnion('kind', [PulseSocketMessage, BoardsChangedSocketMessage]);
export type LiveSocketMessage = z.infer<typeof LiveSocketMessage>;

export const NUDGE_TYPES = ['props', 'cheer', 'encourage', 'challenge'] as const;
export const NudgeType = z.enum(NUDGE_TYPES, { message: `type must be one of: ${NUDGE_TYPES.join(', ')}` });
export type NudgeType = z.infer<typeof NudgeType>;

/** POST /api/nudges. event_id names the pulse event the nudge answers (a button on that event), when it does. */
export const SendNudgeBody = z.object({
  type: NudgeType,
  to_user_id: z.string({ message: 'to_user_id is required' }).min(1, 'to_user_id is required').max(64),
  event_id: z.string().max(64).optional(),
});
export type SendNudgeBody = z.infer<typeof SendNudgeBody>;

export const Nudge = z.object({
  id: z.string(),
  type: NudgeType,
  from_name: z.string(),
  from_username: z.string(),
  message: z.string(),
  created_at: z.string(),
  is_read: z.boolean(),
});
export type Nudge = z.infer<typeof Nudge>;

export const NudgeIdParam = z.object({ id: z.string().uuid('Nudge not found') });

export const SOCIAL_MESSAGES = {
  selfNudge: "You can't nudge yourself.",
  coachNudge: 'Nudges cannot be sent on coach events.',
  userNotFound: 'User not found',
  eventNotFound: 'Pulse event not found',
  nudgeNotFound: 'Nudge not found',
  tooManyNudges: "You're sending nudges too fast. Please wait a minute and try again.",
  privateProfile: 'This user has set their profile to private',
  profileNotFound: 'Profile not found',
} as const;

/** Activity type -> quantity logged in a window (types never logged are absent: a partial record, zod 4 records on an enum are exhaustive). */
export const ActivityCountMap = z.partialRecord(z.enum(ACTIVITY_TYPES), z.number().int().nonnegative());
export type ActivityCountMap = z.infer<typeof ActivityCountMap>;

/** Quantities logged in the profile owner's local today, last 7 and last 30 local days (today included). */
export const ActivityCountsByWindow = z.object({ today: ActivityCountMap, '7d': ActivityCountMap, '30d': ActivityCountMap });
export type ActivityCountsByWindow = z.infer<typeof ActivityCountsByWindow>;

/** What a profile shows of a user's own account (auth's): the same fields in auth's answer and in the profile. */
export const ProfileDetails = z.object({
  name: z.string(),
  profile_picture: PictureUrl.nullable(),
  created_at: z.string(),
  company: z.string().nullable(),
  specialty: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  x_url: z.string().nullable(),
  bio: z.string().nullable(),
});

/** What a profile shows of a user's game (gamification's), on the owner's local days. */
export const ProfileStats = z.object({
  /** All-time rank; null while the user hides from the leaderboards or has no points. */
  rank: z.number().int().nullable(),
  streak_days: z.number().int(),
  today_points: z.number().int(),
  points_7d: z.number().int(),
  points_30d: z.number().int(),
  total_points: z.number().int(),
});

/** GET /api/users/{id}/public-profile of a public profile (spec points 2 and 3). */
export const PublicProfile = z.object({
  id: z.string(),
  username: z.string(),
  profile_public: z.literal(true),
  ...ProfileDetails.shape,
  ...ProfileStats.shape,
  badges: z.array(Badge).max(PROFILE_BADGE_LIMIT),
  activity_counts: ActivityCountsByWindow,
});
export type PublicProfile = z.infer<typeof PublicProfile>;

/** A private profile: the username and why nothing else shows — no other field, ever. */
export const PrivateProfile = z.object({ id: z.string(), username: z.string(), profile_public: z.literal(false), message: z.string() }).strict();
export type PrivateProfile = z.infer<typeof PrivateProfile>;

export const ProfileView = z.discriminatedUnion('profile_public', [PublicProfile, PrivateProfile]);
export type ProfileView = z.infer<typeof ProfileView>;

/** Streak lengths that make a pulse event (documented in docs/decisions.md). */
export const STREAK_MILESTONES = [3, 7, 14, 30, 50, 100, 200, 365] as const;
/** A rank gain makes a pulse event when it lands the broker in today's top this many. */
export const PULSE_RANK_TOP = 10;
