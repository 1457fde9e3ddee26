import { z } from 'zod';
import { ActivityType } from './activity';
import { Badge, BadgeType, StreakMode } from './gamification';
import { PictureUrl } from './picture';
import { MailRequest } from './mail';
import { ProfileDetails, ProfileStats } from './social';

/**
 * Every event on the bus: { id, type, v, occurredAt, data }.
 * `id` doubles as the Nats-Msg-Id (broker de-duplication) and as the consumers' inbox key.
 */
const envelope = <T extends string, D extends z.ZodTypeAny>(type: T, data: D) =>
  z.object({
    id: z.string().min(1),
    type: z.literal(type),
    v: z.literal(1),
    occurredAt: z.string(),
    requestId: z.string().optional(),
    data,
  });

/** The user fields other services keep a projection of. */
export const UserProjection = z.object({
  user_id: z.string(),
  name: z.string(),
  username: z.string(),
  profile_picture: PictureUrl.nullable(),
  company: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  timezone: z.string(),
  /** The day a change of timezone left in force, and until when (calendar.ts `brokerDay`); absent on older events. */
  day_carry_date: z.string().nullish(),
  day_carry_until: z.string().nullish(),
  profile_public: z.boolean(),
  show_on_leaderboard: z.boolean(),
  show_in_battle_pulse: z.boolean(),
  /** An event published before the setting existed reads as every day. */
  streak_mode: StreakMode.default('daily'),
});
export type UserProjection = z.infer<typeof UserProjection>;

/**
 * Registration also carries the email, for the one consumer that needs it: challenges turns an email
 * invite into the new account's invite. It is not part of the projection other services keep.
 */
export const UserRegistered = envelope('user.registered', UserProjection.extend({ email: z.string().optional() }));
export const UserUpdated = envelope('user.updated', UserProjection);
export const UserDeleted = envelope('user.deleted', z.object({ user_id: z.string() }));
/**
 * Its owner proved they read the address (the sign-up's link, or a confirmed change of address):
 * challenges attaches the address's pending email invites, the mail service sends it digests.
 */
export const UserEmailVerified = envelope('user.email_verified', z.object({ user_id: z.string(), email: z.string() }));
/**
 * Every token of the user signed before this credential version stops working (a password reset or
 * change, 'Sign out of all devices'): each service refuses a token whose `cv` is lower, and the live
 * socket closes those connections. Versions only grow.
 */
export const UserSessionsRevoked = envelope('user.sessions_revoked', z.object({ user_id: z.string(), credential_version: z.number().int().positive() }));

/**
 * A mail to send (auth's and challenges' outboxes, in the transaction of what caused it): the mail
 * service queues it once by the event id, which is also the root of its Message-ID.
 */
export const MailRequested = envelope('mail.requested', MailRequest);

/** An entry's figures, as activity.logged and activity.deleted carry them. */
const EntryFigures = z.object({
  activity_id: z.string(),
  user_id: z.string(),
  activity_type: ActivityType,
  quantity: z.number().int().positive(),
  points: z.number().int().nonnegative(),
  /** The actor's day when it was logged (calendar.ts brokerDay): the day bucket every consumer uses. */
  local_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  timezone: z.string(),
});

export const ActivityLogged = envelope(
  'activity.logged',
  EntryFigures.extend({
    occurred_at: z.string(),
    /** The day a change of timezone left in force, as the user's projection had it at the log; absent on older events. */
    day_carry_date: z.string().nullish(),
    day_carry_until: z.string().nullish(),
  }),
);

/**
 * Its owner deleted an activity of their current local day (id `activity.deleted:<activity_id>`, one
 * per activity however often it is asked for): every consumer reverses what the entry fed, by the
 * activity id, once. The figures are the logged entry's (its local_date is the owner's local today
 * when deleted), so a consumer can tell what to take back.
 */
export const ActivityDeleted = envelope('activity.deleted', EntryFigures.extend({ deleted_at: z.string() }));
export const activityDeletedEventId = (activityId: string) => `activity.deleted:${activityId}`;

export const BadgeEarned = envelope(
  'badge.earned',
  z.object({ user_id: z.string(), badge_type: BadgeType, name: z.string(), repeat_count: z.number().int(), earned_at: z.string() }),
);

/**
 * A user's goal reached its target. Its id is `campaign.completed:<user_campaign_id>`, so the bonus is
 * credited once however often the completing activity is redelivered; gamification adds
 * bonus_points to the ledger on local_date (the leaderboards follow).
 */
export const CampaignCompletedEvent = envelope(
  'campaign.completed',
  z.object({
    user_id: z.string(),
    campaign_id: z.number().int(),
    user_campaign_id: z.number().int(),
    campaign_name: z.string(),
    bonus_points: z.number().int().nonnegative(),
    badge_earned: z.string().nullable(),
    /** The activity whose credit completed the goal; null when an edit lowered the target below the progress. */
    activity_id: z.string().nullable(),
    completed_at: z.string(),
    local_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    timezone: z.string(),
  }),
);
/** The n-th completion of a goal (n > 1 after an undo re-opened it) is `campaign.completed:<user_campaign_id>:<n>`: its own bonus. */
export const campaignCompletedEventId = (userCampaignId: number, completion = 1) =>
  completion <= 1 ? `campaign.completed:${userCampaignId}` : `campaign.completed:${userCampaignId}:${completion}`;

/**
 * An undone entry took a completed goal back below its target: the goal is open again and the bonus
 * of its completion `completed_event_id` is taken back (gamification). Id
 * `campaign.reopened:<user_campaign_id>:<completion>`, once per completion.
 */
export const CampaignReopenedEvent = envelope(
  'campaign.reopened',
  z.object({
    user_id: z.string(),
    campaign_id: z.number().int(),
    user_campaign_id: z.number().int(),
    campaign_name: z.string(),
    /** The campaign.completed whose bonus goes back. */
    completed_event_id: z.string(),
    bonus_points: z.number().int().nonnegative(),
    /** The deleted entry that took the goal below its target. */
    activity_id: z.string(),
    reopened_at: z.string(),
  }),
);
export const campaignReopenedEventId = (userCampaignId: number, completion: number) => `campaign.reopened:${userCampaignId}:${completion}`;

export const ChallengeCreated = envelope(
  'challenge.created',
  z.object({ challenge_id: z.number().int(), owner_id: z.string(), name: z.string(), is_private: z.boolean(), start_at: z.string(), end_at: z.string() }),
);
/** is_private is absent on events published before it existed: a consumer reads that as private (nothing leaks). */
export const ChallengeJoined = envelope(
  'challenge.joined',
  z.object({ challenge_id: z.number().int(), challenge_name: z.string(), user_id: z.string(), owner_id: z.string(), is_private: z.boolean().optional() }),
);
/** An account was invited (an email invite becomes one when its address signs up). */
export const ChallengeInvited = envelope(
  'challenge.invited',
  z.object({ invite_id: z.string(), challenge_id: z.number().int(), challenge_name: z.string(), from_user_id: z.string(), to_user_id: z.string() }),
);

/**
 * A user gave kudos to another's entry (activity's outbox; id `kudos.given:<kudos_id>`, one per giver
 * and entry however often asked): social pushes it to the recipient.
 */
export const KudosGiven = envelope(
  'kudos.given',
  z.object({ kudos_id: z.string(), entry_id: z.string(), activity_type: ActivityType, giver_id: z.string(), recipient_id: z.string(), given_at: z.string() }),
);
export const kudosGivenEventId = (kudosId: string) => `kudos.given:${kudosId}`;

/**
 * Points entered a user's ledger: a scored activity (id `points.awarded:<activity_id>`), a goal's
 * completion bonus (id `points.awarded:campaign:<user_campaign_id>`) or a deleted entry's reversal
 * (negative points, activity_id the deleted entry's, id `points.awarded:reversal:<activity_id>`).
 * Held entries award nothing until confirmed, and a held entry's reversal takes nothing back.
 */
export const PointsAwarded = envelope(
  'points.awarded',
  z.object({
    user_id: z.string(),
    /** Negative only for a reversal. */
    points: z.number().int(),
    reason: z.enum(['activity', 'campaign_bonus', 'reversal']),
    activity_id: z.string().nullable(),
    local_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    awarded_at: z.string(),
  }),
);
export const pointsAwardedEventId = (activityId: string) => `points.awarded:${activityId}`;

/** A user's streak of consecutive local days with points changed (id `streak.changed:<user_id>:<local_date>`). */
export const StreakChanged = envelope(
  'streak.changed',
  z.object({ user_id: z.string(), streak_days: z.number().int().nonnegative(), previous_streak_days: z.number().int().nonnegative(), local_date: z.string() }),
);
export const streakChangedEventId = (userId: string, localDate: string) => `streak.changed:${userId}:${localDate}`;

/**
 * A log moved its user up today's leaderboard (id `rank.changed:<activity_id>`): the same figures the
 * log's answer carries as rank_change, with passed_users' usernames.
 */
export const RankChanged = envelope(
  'rank.changed',
  z.object({
    user_id: z.string(),
    window: z.literal('today'),
    local_date: z.string(),
    new_rank: z.number().int().positive(),
    positions_gained: z.number().int().positive(),
    passed_users: z.array(z.object({ id: z.string(), username: z.string() })),
  }),
);
export const rankChangedEventId = (activityId: string) => `rank.changed:${activityId}`;

/**
 * The coach made a user's plan for their local day (coaching's outbox): social's `coach` pulse line.
 * The code says what happened; the wire keeps `pulse.coached`, which outbox rows, the stream's `pulse.>`
 * subjects and social's durable filter already hold: a new type string would need all three moved at once.
 */
export const CoachPlanMade = envelope('pulse.coached', z.object({ user_id: z.string(), local_date: z.string() }));
/** One a user and day, however often the plan is asked for. */
export const coachPlanMadeEventId = (userId: string, localDate: string) => `pulse.coached:${userId}:${localDate}`;

export const DomainEvent = z.discriminatedUnion('type', [
  UserRegistered,
  UserUpdated,
  UserDeleted,
  UserEmailVerified,
  UserSessionsRevoked,
  MailRequested,
  ActivityLogged,
  ActivityDeleted,
  BadgeEarned,
  CampaignCompletedEvent,
  CampaignReopenedEvent,
  ChallengeCreated,
  ChallengeJoined,
  ChallengeInvited,
  KudosGiven,
  PointsAwarded,
  StreakChanged,
  RankChanged,
  CoachPlanMade,
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** When an outgoing event happened and under which id; requestId lets logs follow a change across services. */
export interface EventMeta {
  /** Also the Nats-Msg-Id and the consumers' inbox key: derive it from the source when a retry must not publish twice. */
  id: string;
  /** A string is kept as written (an event time the data already carries). */
  at: Date | string;
  requestId?: string | undefined;
}

/** Every service's one way to build an outgoing event: the envelope around `data`. */
export function newEvent<T extends EventType>(type: T, data: EventOf<T>['data'], meta: EventMeta): EventOf<T> {
  const occurredAt = typeof meta.at === 'string' ? meta.at : meta.at.toISOString();
  // The union cannot be narrowed by a generic type parameter: `type` and `data` agree by the signature.
  return { id: meta.id, type, v: 1, occurredAt, ...(meta.requestId === undefined ? {} : { requestId: meta.requestId }), data } as EventOf<T>;
}

export const SUBJECTS = {
  'user.registered': 'user.registered',
  'user.updated': 'user.updated',
  'user.deleted': 'user.deleted',
  'user.email_verified': 'user.email_verified',
  'user.sessions_revoked': 'user.sessions_revoked',
  'mail.requested': 'mail.requested',
  'activity.logged': 'activity.logged',
  'activity.deleted': 'activity.deleted',
  'badge.earned': 'badge.earned',
  'campaign.completed': 'campaign.completed',
  'campaign.reopened': 'campaign.reopened',
  'challenge.created': 'challenge.created',
  'challenge.joined': 'challenge.joined',
  'challenge.invited': 'challenge.invited',
  'kudos.given': 'kudos.given',
  'points.awarded': 'points.awarded',
  'streak.changed': 'streak.changed',
  'rank.changed': 'rank.changed',
  'pulse.coached': 'pulse.coached',
} as const satisfies Record<EventType, string>;

export const UserProjectionRequest = z.object({ user_id: z.string() });
export const UserProjectionReply = UserProjection.nullable();
export const AccountsByEmailRequest = z.object({ emails: z.array(z.string().max(320)).max(200) });
/** Lower-cased email to user id, for the emails that have an account. */
export const AccountsByEmailReply = z.record(z.string(), z.string());

export const ProfileFieldsRequest = z.object({ user_id: z.string() });
export const ProfileFieldsReply = z.object({ user_id: z.string(), username: z.string(), ...ProfileDetails.shape, timezone: z.string(), profile_public: z.boolean() }).nullable();
export type ProfileFieldsReply = z.infer<typeof ProfileFieldsReply>;

/** Windows are the user's local days in `timezone` (their own: a profile shows the owner's today). */
export const PublicStatsRequest = z.object({ user_id: z.string(), timezone: z.string() });
export const PublicStatsReply = ProfileStats.extend({
  /** Newest first, at most PROFILE_BADGE_LIMIT. */
  badges: z.array(Badge),
});
export type PublicStatsReply = z.infer<typeof PublicStatsReply>;

export const ActivityCountsRequest = z.object({ user_id: z.string(), timezone: z.string() });

/** A user's entries of one local day (not deleted), oldest first: what a goal started that day counts from its start (issue 41). */
export const DayEntriesRequest = z.object({ user_id: z.string(), local_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export const DAY_ENTRIES_LIMIT = 2000;
export const DayEntriesReply = z
  .array(z.object({ activity_id: z.string(), activity_type: ActivityType, quantity: z.number().int(), points: z.number().int(), occurred_at: z.string() }))
  .max(DAY_ENTRIES_LIMIT);
export type DayEntriesReply = z.infer<typeof DayEntriesReply>;
/** activity's answer is ActivityCountsByWindow (social.ts). */

export const RanksRequest = z.object({
  user_ids: z.array(z.string()).max(100),
  window: z.enum(['today', '7d', 'alltime']),
  /** The viewer's timezone: 'today' is the viewer's local date. */
  timezone: z.string().default('UTC'),
});
export const RanksReply = z.record(z.string(), z.number().int().nullable());

export const UserStatsRequest = z.object({ user_id: z.string() });
export const UserStatsReply = z.object({
  streak_days: z.number().int(),
  streak_freezes: z.number().int().nonnegative().default(0),
  streak_protected: z.boolean().default(false),
  badges: z.array(Badge),
});
