import { challengeDaysRemaining, challengeProgress, type ActivityGoalMap, type Challenge, type ChallengeRole, type PublicChallenge } from '@warriors/contracts';
import { canDelete, canEdit, timeState } from './rules';

export interface ChallengeRecord {
  id: number;
  ownerId: string;
  ownerName: string;
  /** What anyone may see of the host: the name when their profile is public, else the username (as social's public profile). */
  ownerPublicName: string;
  name: string;
  description: string | null;
  startAt: Date;
  endAt: Date;
  pointsTarget: number | null;
  isPrivate: boolean;
  activityGoals: ActivityGoalMap;
  membersCount: number;
  createdAt: Date;
}

/** The caller's relation to a challenge. */
export interface Standing {
  role: ChallengeRole | null;
  invited: boolean;
  points: number;
  counts: ActivityGoalMap;
}

export const NO_STANDING: Standing = { role: null, invited: false, points: 0, counts: {} };

export function publicView(c: ChallengeRecord, now: Date): PublicChallenge {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    start_at: c.startAt.toISOString(),
    end_at: c.endAt.toISOString(),
    start_date: c.startAt.toISOString(),
    end_date: c.endAt.toISOString(),
    members_count: c.membersCount,
    points_target: c.pointsTarget,
    activity_goals: c.activityGoals,
    owner_name: c.ownerPublicName,
    visibility: c.isPrivate ? 'private' : 'public',
    status: timeState(c, now),
  };
}

/** One challenge as `userId` sees it. */
export function challengeView(c: ChallengeRecord, userId: string, standing: Standing, now: Date): Challenge {
  const counts: ActivityGoalMap = {};
  for (const type of Object.keys(c.activityGoals) as Array<keyof ActivityGoalMap>) counts[type] = standing.counts[type] ?? 0;
  return {
    ...publicView(c, now),
    // The signed-in see the host as on the boards, by name.
    owner_name: c.ownerName,
    owner_id: c.ownerId,
    is_private: c.isPrivate,
    days_remaining: challengeDaysRemaining(c.endAt, now),
    role: standing.role,
    my_role: standing.role,
    is_joined: standing.role !== null,
    is_invited: standing.invited,
    my_points: standing.points,
    user_points: standing.points,
    user_score: standing.points,
    my_activity_counts: counts,
    progress: challengeProgress(c.activityGoals, standing.counts, standing.points, c.pointsTarget),
    can_edit: canEdit(c, userId, now),
    can_delete: canDelete(c, userId, now),
    created_at: c.createdAt.toISOString(),
  };
}
