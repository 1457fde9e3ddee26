// Plain values and rules without a schema: the challenge screens and the bell's invitations read them
// without loading zod and every schema beside it (docs/decisions.md, "The signed-in screens load no schema").
import type { ActivityType } from './activity';
import { ACTIVITY_CATALOG } from './activity-catalog';
import type { ActivityGoalMap, ChallengeGoal } from './challenges';

/** Texts the challenges API and screen share (spec points 5 and 8, and the server's own refusals). */
export const CHALLENGE_MESSAGES = {
  nameRequired: 'Challenge name is required',
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  endAfterStart: 'End date must be after the start date',
  dateWindow: 'Dates must be between 2000-01-01 and 10 years from now',
  endInPast: 'End date must be in the future',
  startInPast: 'Start date may not be moved into the past',
  tooLong: 'A challenge may last at most 366 days',
  count: 'Activity quantity must be between 1 and 10000',
  pointsTarget: 'Points target must be at least 1',
  duplicateType: 'Each activity type may appear only once',
  inviteLine: 'Each invite must be "Name, Email" on its own line',
  notFound: 'Challenge not found',
  inviteNotFound: 'Invite not found',
  ended: 'This challenge has ended',
  ownerCannotLeave: 'The host cannot leave their own challenge',
  notMember: 'You are not a member of this challenge',
  onlyOwner: 'Only the host can change this challenge',
  editStarted: 'A challenge can only be edited before it starts',
  deleteActive: 'Failed to delete challenge. You can only delete challenges that are not currently active.',
  leaveConfirm: 'Are you sure you want to leave this challenge?',
  deleteConfirm: (name: string) => `Are you sure you want to delete "${name}"? This cannot be undone.`,
  createFailed: 'Failed to create challenge',
  joinFailed: 'Failed to join challenge',
  updateFailed: 'Failed to update challenge',
  leaveFailed: 'Failed to leave challenge',
} as const;

export const CHALLENGE_COUNT_MIN = 1;
export const CHALLENGE_COUNT_MAX = 10000;
/** The count a ticked activity starts at, and what a blank or invalid count becomes on blur. */
export const DEFAULT_CHALLENGE_COUNT = 50;
/** Invites one create or update may send (user ids plus email lines). */
export const MAX_CHALLENGE_INVITES = 200;

/** The first instant a challenge date may name: earlier years are typing slips, not challenges. */
export const CHALLENGE_EARLIEST_DATE = new Date('2000-01-01T00:00:00Z');
/** How far ahead of now a challenge date may lie. */
export const CHALLENGE_MAX_YEARS_AHEAD = 10;
/** The longest a challenge may last: a year, leap day included. */
export const CHALLENGE_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last instant a challenge date may name at `now`. */
export function latestChallengeDate(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + CHALLENGE_MAX_YEARS_AHEAD);
  return latest;
}

/** The end's problem with its start: not after it, or later than CHALLENGE_MAX_DAYS; null when neither. */
export function challengeEndIssue(startMs: number, endMs: number): string | null {
  if (endMs <= startMs) return CHALLENGE_MESSAGES.endAfterStart;
  if (endMs - startMs > CHALLENGE_MAX_DAYS * DAY_MS) return CHALLENGE_MESSAGES.tooLong;
  return null;
}

export interface ChallengeDateIssue {
  field: 'start_at' | 'end_at';
  message: string;
}

/**
 * What is wrong with a challenge's dates at `now`, for the server (with its clock) and the form (with
 * the browser's): each date inside the window, the end after the start and at most CHALLENGE_MAX_DAYS
 * later; a new challenge must not have ended yet, and an edit may not move the start into the past
 * (that would start the challenge and lock it against editing). A new challenge may start in the past:
 * it is active at once, and nothing before each member's joining scores.
 */
export function challengeDateIssues(dates: { start: Date; end: Date }, now: Date, change: 'create' | { startMoved: boolean }): ChallengeDateIssue[] {
  const issues: ChallengeDateIssue[] = [];
  const latest = latestChallengeDate(now).getTime();
  const outside = (date: Date) => date.getTime() < CHALLENGE_EARLIEST_DATE.getTime() || date.getTime() > latest;
  if (outside(dates.start)) issues.push({ field: 'start_at', message: CHALLENGE_MESSAGES.dateWindow });
  if (outside(dates.end)) issues.push({ field: 'end_at', message: CHALLENGE_MESSAGES.dateWindow });
  if (issues.length > 0) return issues;
  const ordered = challengeEndIssue(dates.start.getTime(), dates.end.getTime());
  if (ordered) issues.push({ field: 'end_at', message: ordered });
  if (change === 'create' && dates.end.getTime() <= now.getTime()) issues.push({ field: 'end_at', message: CHALLENGE_MESSAGES.endInPast });
  if (change !== 'create' && change.startMoved && dates.start.getTime() < now.getTime()) issues.push({ field: 'start_at', message: CHALLENGE_MESSAGES.startInPast });
  return issues;
}

export const CHALLENGE_TIME_STATES = ['upcoming', 'active', 'ended'] as const;
export type ChallengeTimeState = (typeof CHALLENGE_TIME_STATES)[number];

/** upcoming before start_at, active from start_at until end_at (exclusive), ended from end_at. */
export function challengeTimeState(startAt: Date, endAt: Date, now: Date): ChallengeTimeState {
  if (now.getTime() < startAt.getTime()) return 'upcoming';
  if (now.getTime() < endAt.getTime()) return 'active';
  return 'ended';
}

export interface EmailInvite {
  name: string;
  email: string;
}

/**
 * An invite line's address: the shape zod's `z.email()` accepts (test/contracts keeps the two in step), held
 * here as a pattern so that the challenge form checks its lines without loading zod.
 */
const INVITE_EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The 'Name, Email' lines of invite_emails: the invites, or the indexes of the lines that are not one. */
export function parseInviteEmails(text: string): { invites: EmailInvite[]; badLines: number[] } {
  const invites: EmailInvite[] = [];
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const comma = line.lastIndexOf(',');
    const name = comma < 0 ? '' : line.slice(0, comma).trim();
    const email = (comma < 0 ? line : line.slice(comma + 1)).trim().toLowerCase();
    if (!INVITE_EMAIL.test(email) || name.length > 120) {
      badLines.push(index);
      return;
    }
    invites.push({ name: name || email, email });
  });
  return { invites, badLines };
}

/** Days a challenge has left: ceil((end - now) / day), never below 0; 0 means 'Challenge ended'. */
export function challengeDaysRemaining(endAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((endAt.getTime() - now.getTime()) / (24 * 60 * 60 * 1000)));
}

/**
 * Spec point 4, as a percentage 0-100: with activity goals, the sum of min(count, target) over the sum
 * of the targets; otherwise points over points_target; 0 when the challenge sets neither.
 */
export function challengeProgress(goals: ActivityGoalMap, counts: ActivityGoalMap, points: number, pointsTarget: number | null): number {
  const targets = Object.entries(goals) as Array<[ActivityType, number]>;
  const total = targets.reduce((sum, [, target]) => sum + target, 0);
  if (total > 0) {
    const done = targets.reduce((sum, [type, target]) => sum + Math.min(counts[type] ?? 0, target), 0);
    return Math.min(100, (done / total) * 100);
  }
  if (pointsTarget && pointsTarget > 0) return Math.min(100, (Math.max(0, points) / pointsTarget) * 100);
  return 0;
}

/** A blank points target means the total points of the activity goals (spec point 2); null without goals. */
export function defaultPointsTarget(goals: readonly ChallengeGoal[]): number | null {
  const total = goals.reduce((sum, goal) => sum + goal.count * ACTIVITY_CATALOG[goal.type].points, 0);
  return total > 0 ? total : null;
}

/**
 * The activity types a challenge ranks its members on: the types of its activity goals, in the goals'
 * order; empty for a challenge without goals, which ranks all points (docs/decisions.md, "A challenge
 * with activity goals ranks on them").
 */
export const challengeRankedTypes = (goals: ActivityGoalMap): ActivityType[] => (Object.keys(goals) as ActivityType[]).filter((type) => (goals[type] ?? 0) > 0);

/** Whether an entry of `type` scores points on a challenge's board: any type without goals, a goal's type with them. */
export function scoresOnChallengeBoard(goals: ActivityGoalMap, type: ActivityType): boolean {
  const ranked = challengeRankedTypes(goals);
  return ranked.length === 0 || ranked.includes(type);
}

/** What a challenge card says its board ranks: 'Ranked on Cold Calls', 'Ranked on Emails and Meetings'; null without goals. */
export function challengeRankedOnText(goals: ActivityGoalMap): string | null {
  const names = challengeRankedTypes(goals).map((type) => ACTIVITY_CATALOG[type].plural);
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
  return `Ranked on ${list}`;
}
