import { CHALLENGE_MESSAGES, defaultPointsTarget, type Challenge, type ChallengeGoal, type UpdateChallenge } from '@warriors/contracts';
import { canEdit } from '../domain/rules';
import { updateChallenge } from '../store/challenges.store';
import { sendInvites } from './invite';
import { challengeAccess, recipients, badRequest, refuseDates, goalMap, type ChallengesDeps } from './challenge-access';

export function editChallenge(deps: ChallengesDeps) {
  const { db, outbox, clock, logger, pages } = deps;
  const { visible, owned } = challengeAccess(deps);
  return async (userId: string, id: number, body: UpdateChallenge): Promise<Challenge> => {
    const { emails, accounts, invitees } = await recipients(deps, body);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const record = await owned(trx, userId, id);
      if (!canEdit(record, userId, now)) throw badRequest(CHALLENGE_MESSAGES.editStarted);
      const startAt = body.start_at === undefined ? record.startAt : new Date(body.start_at);
      const endAt = body.end_at === undefined ? record.endAt : new Date(body.end_at);
      // The dates kept as they are are not judged again: only a change must meet today's rules.
      if (body.start_at !== undefined || body.end_at !== undefined)
        refuseDates({ start: startAt, end: endAt }, now, { startMoved: startAt.getTime() !== record.startAt.getTime() });
      const goals = body.activity_goals === undefined ? undefined : goalMap(body.activity_goals);
      // A target sent blank becomes the goals' total (the new goals, or the kept ones); a target not sent stays.
      const keptGoals = Object.entries(goals ?? record.activityGoals).map(([type, count]) => ({ type, count }) as ChallengeGoal);
      await updateChallenge(trx, id, {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.start_at === undefined ? {} : { start_at: startAt }),
        ...(body.end_at === undefined ? {} : { end_at: endAt }),
        ...(body.is_private === undefined ? {} : { is_private: body.is_private }),
        ...(goals === undefined ? {} : { activity_goals: goals }),
        ...(body.points_target === undefined ? {} : { points_target: body.points_target ?? defaultPointsTarget(keptGoals) }),
      });
      await sendInvites(trx, outbox, logger, { challengeId: id, challengeName: body.name ?? record.name, fromUserId: userId, userIds: invitees, emails, accounts }, now);
    });
    pages.forget(id);
    outbox.kick();
    return (await visible(userId, id)).view;
  };
}
