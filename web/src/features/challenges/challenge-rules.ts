import {
  ACTIVITY_CATALOG,
  CHALLENGE_MESSAGES,
  challengeDateIssues,
  GOAL_ACTIVITY_TYPES,
  parseInviteEmails,
  type ActivityGoalMap,
  type ActivityType,
  type Challenge,
  type ChallengeGoal,
  type CreateChallengeBody,
  type UserSearchResult,
} from '@warriors/contracts';
import { activityCountOnBlur } from '../../lib/activity-counts';
import { counted } from '../../lib/counted';
import { formatDate } from '../../lib/relative-time';

/** The activity types a challenge may set goals on, in the catalog's order. */
export const CHALLENGE_ACTIVITY_TYPES: readonly ActivityType[] = GOAL_ACTIVITY_TYPES;

/** A ticked activity and the text of its count field, as typed. */
export type GoalSelection = Partial<Record<ActivityType, string>>;

/** The picked invitee: enough to show the chip and send the id. */
export type Invitee = Pick<UserSearchResult, 'id' | 'name' | 'username'>;

export interface ChallengeFormValues {
  name: string;
  description: string;
  /** datetime-local texts, in the browser's time zone. */
  start: string;
  end: string;
  goals: GoalSelection;
  pointsTarget: string;
  isPrivate: boolean;
  inviteEmails: string;
  invitees: Invitee[];
}

export const EMPTY_CHALLENGE_FORM: ChallengeFormValues = {
  name: '',
  description: '',
  start: '',
  end: '',
  goals: {},
  pointsTarget: '',
  isPrivate: false,
  inviteEmails: '',
  invitees: [],
};

const wholeNumber = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** A datetime-local text ('2026-12-01T09:00') to the ISO instant it names in this browser's zone. */
export function localInputToIso(text: string): string {
  return new Date(text).toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant to the datetime-local text that shows it in this browser's zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function goalsOf(selection: GoalSelection): ChallengeGoal[] {
  return CHALLENGE_ACTIVITY_TYPES.filter((type) => selection[type] !== undefined).map((type) => ({
    type,
    count: Number(activityCountOnBlur(selection[type] ?? '')),
  }));
}

/**
 * The spec point 5 checks the form can make before asking the server, and the date rules the server
 * applies at `now` (contracts' challengeDateIssues: on an edit, `initialStart` tells whether the start
 * moved); the texts are the contract's.
 */
export function validateChallengeForm(values: ChallengeFormValues, now: Date, initialStart?: string): string[] {
  const errors: string[] = [];
  if (values.name.trim() === '') errors.push(CHALLENGE_MESSAGES.nameRequired);
  const start = values.start ? Date.parse(values.start) : Number.NaN;
  const end = values.end ? Date.parse(values.end) : Number.NaN;
  if (Number.isNaN(start)) errors.push(CHALLENGE_MESSAGES.startRequired);
  if (Number.isNaN(end)) errors.push(CHALLENGE_MESSAGES.endRequired);
  if (!Number.isNaN(start) && !Number.isNaN(end)) {
    const change = initialStart === undefined ? 'create' : { startMoved: values.start !== initialStart };
    const messages = challengeDateIssues({ start: new Date(start), end: new Date(end) }, now, change).map((issue) => issue.message);
    errors.push(...new Set(messages));
  }
  if (values.pointsTarget.trim() !== '' && !(wholeNumber(values.pointsTarget) >= 1)) errors.push(CHALLENGE_MESSAGES.pointsTarget);
  if (values.isPrivate && parseInviteEmails(values.inviteEmails).badLines.length > 0) errors.push(CHALLENGE_MESSAGES.inviteLine);
  return errors;
}

/**
 * The body of POST /challenges (and of an update: the same fields). A blank points target is sent as null,
 * so the server uses the goals' total points; invitees go only with a private challenge.
 */
export function challengeBody(values: ChallengeFormValues): CreateChallengeBody {
  const target = values.pointsTarget.trim();
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    start_at: localInputToIso(values.start),
    end_at: localInputToIso(values.end),
    points_target: target === '' ? null : Number(target),
    is_private: values.isPrivate,
    activity_goals: goalsOf(values.goals),
    invitees: values.isPrivate ? values.invitees.map((invitee) => invitee.id) : [],
    invite_emails: values.isPrivate ? values.inviteEmails.trim() : '',
  };
}

/** An existing challenge as the edit form starts: invitee fields empty, since they send additional invites. */
export function formValuesOf(challenge: Challenge): ChallengeFormValues {
  const goals: GoalSelection = {};
  for (const [type, count] of Object.entries(challenge.activity_goals) as Array<[ActivityType, number]>) goals[type] = String(count);
  return {
    name: challenge.name,
    description: challenge.description ?? '',
    start: isoToLocalInput(challenge.start_at),
    end: isoToLocalInput(challenge.end_at),
    goals,
    pointsTarget: challenge.points_target === null ? '' : String(challenge.points_target),
    isPrivate: challenge.is_private,
    inviteEmails: '',
    invitees: [],
  };
}

export const warriorsText = (count: number): string => counted(count, 'warrior');

export const pointsText = (points: number): string => counted(points, 'point');

/** Days remaining or 'Challenge ended'; an upcoming challenge says when it starts. */
export function timeLeftText(challenge: Pick<Challenge, 'status' | 'days_remaining' | 'start_at'>): string {
  if (challenge.status === 'ended' || challenge.days_remaining <= 0) return 'Challenge ended';
  if (challenge.status === 'upcoming') return `Starts ${formatDate(challenge.start_at)}`;
  return `${counted(challenge.days_remaining, 'day')} remaining`;
}

/** The goals in the catalog's order, each with its label. */
export function goalLines(goals: ActivityGoalMap): Array<{ type: ActivityType; label: string; count: number }> {
  return (Object.keys(ACTIVITY_CATALOG) as ActivityType[])
    .filter((type) => goals[type] !== undefined)
    .map((type) => ({ type, label: ACTIVITY_CATALOG[type].label, count: goals[type] ?? 0 }));
}

/** The users the picker may still offer: not the caller, not already picked. */
export function pickable(results: readonly UserSearchResult[], picked: readonly Invitee[], selfId: string | undefined): UserSearchResult[] {
  const taken = new Set(picked.map((invitee) => invitee.id));
  return results.filter((result) => result.id !== selfId && !taken.has(result.id));
}

/** What each challenge action says once done (the spec names only the failures); the challenge is named so the note stands alone. */
export const CHALLENGE_DONE = {
  joined: (name: string) => `You joined "${name}". Good luck, warrior!`,
  accepted: (name: string) => `Challenge accepted: you joined "${name}".`,
  created: (name: string) => `Challenge "${name}" created.`,
  updated: (name: string) => `Challenge "${name}" updated.`,
  deleted: (name: string) => `Challenge "${name}" deleted.`,
  left: (name: string) => `You left "${name}".`,
} as const;

/**
 * Standard competition ranks ('1224') for entries sorted by points, highest first: equal points share
 * the rank (and so the medal), and the next score down skips the places the tie took.
 */
export function competitionRanks(points: readonly number[]): number[] {
  let rank = 0;
  return points.map((value, index) => {
    if (index === 0 || value !== points[index - 1]) rank = index + 1;
    return rank;
  });
}

/** The router state that carries a confirmation to /challenges from elsewhere (an invite accepted in the bell). */
export const noteState = (note: string) => ({ challengeNote: note });

/** The confirmation a navigation to /challenges carried, if any. */
export function noteOf(state: unknown): string | null {
  return typeof state === 'object' && state !== null && 'challengeNote' in state && typeof state.challengeNote === 'string' ? state.challengeNote : null;
}
