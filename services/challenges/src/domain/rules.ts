import { ACTIVITY_CATALOG, challengeTimeState, type ActivityType, type ChallengeTimeState } from '@warriors/contracts';

/** What the rules need of a challenge. */
export interface ChallengeTimes {
  ownerId: string;
  startAt: Date;
  endAt: Date;
}

export const timeState = (c: ChallengeTimes, now: Date): ChallengeTimeState => challengeTimeState(c.startAt, c.endAt, now);

/** The owner may edit only before the start (spec point 5). */
export const canEdit = (c: ChallengeTimes, userId: string, now: Date): boolean => c.ownerId === userId && timeState(c, now) === 'upcoming';

/** The owner may delete when the challenge is not active: upcoming or ended. */
export const canDelete = (c: ChallengeTimes, userId: string, now: Date): boolean => c.ownerId === userId && timeState(c, now) !== 'active';

/**
 * Whether an activity at `occurredAt` scores for a member who joined at `joinedAt`: at or after the
 * later of start_at and the joining, and before end_at.
 */
export function scoresIn(c: Pick<ChallengeTimes, 'startAt' | 'endAt'>, joinedAt: Date, occurredAt: Date): boolean {
  const from = Math.max(c.startAt.getTime(), joinedAt.getTime());
  const t = occurredAt.getTime();
  return from <= t && t < c.endAt.getTime();
}

/**
 * The units of one activity that count under the type's daily ceiling, given the units of the type
 * the user logged that local day before it: the part above the ceiling scores nothing (as on
 * gamification's boards, a flood does not score in challenges either). Points follow the units.
 */
export function creditUnderCeiling(type: ActivityType, loggedBefore: number, quantity: number, points: number): { units: number; points: number } {
  const ceiling = ACTIVITY_CATALOG[type].dailyCeiling;
  const units = Math.max(0, Math.min(loggedBefore + quantity, ceiling) - Math.min(loggedBefore, ceiling));
  if (units === quantity) return { units, points };
  return { units, points: Math.floor((points * units) / quantity) };
}
