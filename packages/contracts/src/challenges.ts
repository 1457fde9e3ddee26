import { z } from 'zod';
import { ActivityType } from './activity';
import { NEXT_CURSOR_HEADER } from './next-cursor';
import { limitParam } from './paging';
import { PictureUrl } from './picture';
import {
  CHALLENGE_COUNT_MAX,
  CHALLENGE_COUNT_MIN,
  CHALLENGE_EARLIEST_DATE,
  CHALLENGE_MESSAGES,
  CHALLENGE_TIME_STATES,
  challengeEndIssue,
  MAX_CHALLENGE_INVITES,
  parseInviteEmails,
} from './challenge-rules';

export const ChallengeGoal = z.object({
  type: ActivityType,
  count: z
    .number({ message: CHALLENGE_MESSAGES.count })
    .int(CHALLENGE_MESSAGES.count)
    .min(CHALLENGE_COUNT_MIN, CHALLENGE_MESSAGES.count)
    .max(CHALLENGE_COUNT_MAX, CHALLENGE_MESSAGES.count),
});
export type ChallengeGoal = z.infer<typeof ChallengeGoal>;

const DateTime = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .pipe(z.iso.datetime({ offset: true, message: 'Must be an ISO date-time, e.g. 2026-12-01T09:00:00Z' }))
    // The window's fixed end; its other end moves with the clock, so the use cases check it.
    .refine((text) => Date.parse(text) >= CHALLENGE_EARLIEST_DATE.getTime(), CHALLENGE_MESSAGES.dateWindow);

/** The order and the length of two dates the body names; the clock's rules are challengeDateIssues'. */
const checkDatePair = (start: string | undefined, end: string | undefined, ctx: z.RefinementCtx) => {
  const issue = start === undefined || end === undefined ? null : challengeEndIssue(Date.parse(start), Date.parse(end));
  if (issue) ctx.addIssue({ code: 'custom', path: ['end_at'], message: issue });
};

const Goals = z
  .array(ChallengeGoal)
  .max(50)
  .superRefine((goals, ctx) => {
    const seen = new Set<string>();
    goals.forEach((goal, index) => {
      if (seen.has(goal.type)) ctx.addIssue({ code: 'custom', path: [index, 'type'], message: CHALLENGE_MESSAGES.duplicateType });
      seen.add(goal.type);
    });
  });

const Description = z
  .string()
  .trim()
  .max(1000, 'Description must be at most 1000 characters')
  .nullish()
  .transform((v) => v || null);
const PointsTarget = z
  .number({ message: CHALLENGE_MESSAGES.pointsTarget })
  .int(CHALLENGE_MESSAGES.pointsTarget)
  .min(1, CHALLENGE_MESSAGES.pointsTarget)
  .max(100_000_000, 'Points target must be at most 100000000')
  .nullish()
  .transform((v) => v ?? null);
const Invitees = z.array(z.uuid('Each invitee must be a user id')).max(MAX_CHALLENGE_INVITES).default([]);
/** 'Name, Email' one per line; blank lines are skipped. Parsed by parseInviteEmails. */
const InviteEmails = z
  .string()
  .max(20_000)
  .nullish()
  .transform((v) => v ?? '');

const checkInviteLines = (text: string, ctx: z.RefinementCtx) => {
  const { invites, badLines } = parseInviteEmails(text);
  for (const line of badLines) ctx.addIssue({ code: 'custom', path: ['invite_emails', line], message: CHALLENGE_MESSAGES.inviteLine });
  if (invites.length > MAX_CHALLENGE_INVITES) ctx.addIssue({ code: 'custom', path: ['invite_emails'], message: `At most ${MAX_CHALLENGE_INVITES} invites at once` });
};

/** POST /api/challenges. */
export const CreateChallengeBody = z
  .object({
    name: z.string({ message: CHALLENGE_MESSAGES.nameRequired }).trim().min(1, CHALLENGE_MESSAGES.nameRequired).max(120, 'Name must be at most 120 characters'),
    description: Description,
    start_at: DateTime(CHALLENGE_MESSAGES.startRequired),
    end_at: DateTime(CHALLENGE_MESSAGES.endRequired),
    points_target: PointsTarget,
    is_private: z.boolean({ message: 'is_private must be true or false' }).default(false),
    activity_goals: Goals.default([]),
    invitees: Invitees,
    invite_emails: InviteEmails,
  })
  .superRefine((body, ctx) => {
    checkDatePair(body.start_at, body.end_at, ctx);
    checkInviteLines(body.invite_emails, ctx);
  });
export type CreateChallengeBody = z.input<typeof CreateChallengeBody>;
export type CreateChallenge = z.output<typeof CreateChallengeBody>;

/** POST /api/challenges/{id}/update: any of the create fields; invitees and invite_emails invite more people. */
export const UpdateChallengeBody = z
  .object({
    name: z.string({ message: CHALLENGE_MESSAGES.nameRequired }).trim().min(1, CHALLENGE_MESSAGES.nameRequired).max(120, 'Name must be at most 120 characters').optional(),
    description: Description.optional(),
    start_at: DateTime(CHALLENGE_MESSAGES.startRequired).optional(),
    end_at: DateTime(CHALLENGE_MESSAGES.endRequired).optional(),
    points_target: PointsTarget.optional(),
    is_private: z.boolean({ message: 'is_private must be true or false' }).optional(),
    activity_goals: Goals.optional(),
    invitees: Invitees,
    invite_emails: InviteEmails,
  })
  .superRefine((body, ctx) => {
    checkDatePair(body.start_at, body.end_at, ctx);
    checkInviteLines(body.invite_emails, ctx);
  });
export type UpdateChallengeBody = z.input<typeof UpdateChallengeBody>;
export type UpdateChallenge = z.output<typeof UpdateChallengeBody>;

/** Challenge ids are int4 serials: anything else names no challenge (404, never SQL). */
export const ChallengeIdParam = z.object({
  id: z.coerce
    .number({ message: CHALLENGE_MESSAGES.notFound })
    .int(CHALLENGE_MESSAGES.notFound)
    .min(1, CHALLENGE_MESSAGES.notFound)
    .max(2_147_483_647, CHALLENGE_MESSAGES.notFound),
});
export const InviteIdParam = z.object({ id: z.uuid(CHALLENGE_MESSAGES.inviteNotFound) });

/** GET /api/challenges/my?window=active|completed (and the Open list's window, which it ignores: it lists the challenges not ended). */
export const ChallengeListQuery = z.object({ window: z.enum(['active', 'completed'], { message: "window must be 'active' or 'completed'" }).default('active') });

/** Challenges one page of the Open list holds at most, and without `limit` (what the whole list held before it paged). */
export const OPEN_CHALLENGES_PAGE_MAX = 200;

/** Where a page of the Open list stops: its last challenge's end and id, the list's order. */
export interface OpenChallengesCursor {
  endAt: Date;
  id: number;
}

const CURSOR_MESSAGE = `after must be a cursor from the ${NEXT_CURSOR_HEADER} header`;
const CURSOR_TEXT = /^(\d{1,15})\.(\d{1,10})$/;

/** Opaque to clients, who only hand it back: base64url of "<end_at epoch ms>.<id>". */
export function encodeOpenChallengesCursor(cursor: OpenChallengesCursor): string {
  return btoa(`${cursor.endAt.getTime()}.${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeOpenChallengesCursor(text: string): OpenChallengesCursor | null {
  let plain: string;
  try {
    plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = CURSOR_TEXT.exec(plain);
  if (!match) return null;
  const endAt = new Date(Number(match[1]));
  const id = Number(match[2]);
  return Number.isNaN(endAt.getTime()) || id < 1 || id > 2_147_483_647 ? null : { endAt, id };
}

/** GET /api/challenges/open: the list query plus its page, `after` the previous page's X-Next-Cursor. */
export const OpenChallengesQuery = ChallengeListQuery.extend({
  after: z
    .string({ message: CURSOR_MESSAGE })
    .max(64, CURSOR_MESSAGE)
    .transform((text, ctx) => {
      const cursor = decodeOpenChallengesCursor(text);
      if (cursor) return cursor;
      ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return z.NEVER;
    })
    .optional(),
  limit: limitParam(OPEN_CHALLENGES_PAGE_MAX, OPEN_CHALLENGES_PAGE_MAX),
});
export type OpenChallengesPage = z.output<typeof OpenChallengesQuery>;

export const ChallengeRole = z.enum(['owner', 'member']);
export type ChallengeRole = z.infer<typeof ChallengeRole>;

/** activity_goals as the API answers them: a map of type to count (spec point 3). */
export const ActivityGoalMap = z.partialRecord(ActivityType, z.number().int());
export type ActivityGoalMap = z.infer<typeof ActivityGoalMap>;

/** One challenge as the caller sees it. start_date/end_date repeat start_at/end_at (the spec names both). */
export const Challenge = z.object({
  id: z.number().int(),
  owner_id: z.string(),
  owner_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  start_at: z.string(),
  end_at: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  points_target: z.number().int().nullable(),
  is_private: z.boolean(),
  visibility: z.enum(['private', 'public']),
  activity_goals: ActivityGoalMap,
  members_count: z.number().int(),
  status: z.enum(CHALLENGE_TIME_STATES),
  /** ceil((end_at - now) / day), never below 0. */
  days_remaining: z.number().int(),
  role: ChallengeRole.nullable(),
  my_role: ChallengeRole.nullable(),
  is_joined: z.boolean(),
  is_invited: z.boolean(),
  my_points: z.number().int(),
  user_points: z.number().int(),
  user_score: z.number().int(),
  /** What the caller logged of each goal type inside the window. */
  my_activity_counts: ActivityGoalMap,
  /** Spec point 4, 0-100: sum of min(count, target) over the targets' sum; otherwise points over points_target; 0 without either. */
  progress: z.number(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  created_at: z.string(),
});
export type Challenge = z.infer<typeof Challenge>;

/** GET /api/challenges/public/{id}: what an invitation shows to anyone, signed in or not. */
export const PublicChallenge = Challenge.pick({
  id: true,
  name: true,
  description: true,
  start_at: true,
  end_at: true,
  start_date: true,
  end_date: true,
  members_count: true,
  points_target: true,
  activity_goals: true,
  owner_name: true,
  visibility: true,
  status: true,
});
export type PublicChallenge = z.infer<typeof PublicChallenge>;

export const ChallengeLeaderboardEntry = z.object({
  user_id: z.string(),
  name: z.string(),
  username: z.string(),
  profile_picture: PictureUrl.nullable(),
  role: ChallengeRole,
  points: z.number().int(),
});
export type ChallengeLeaderboardEntry = z.infer<typeof ChallengeLeaderboardEntry>;

export const ChallengeInvite = z.object({
  invite_id: z.string(),
  from_name: z.string(),
  from_username: z.string(),
  challenge_name: z.string(),
  challenge_id: z.number().int(),
  created_at: z.string(),
});
export type ChallengeInvite = z.infer<typeof ChallengeInvite>;
