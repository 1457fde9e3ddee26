import { defaultPointsTarget, type Challenge, type CreateChallenge } from '@warriors/contracts';
import { challengeCreated } from '../domain/challenge-events';
import { addMember, insertChallenge } from '../store/challenges.store';
import { sendInvites } from './invite';
import { challengeAccess, recipients, refuseDates, goalMap, type ChallengesDeps } from './challenge-access';

export function createChallenge(deps: ChallengesDeps) {
  const { outbox, clock, logger } = deps;
  const { visible, asLiveUser } = challengeAccess(deps);
  return async (userId: string, body: CreateChallenge): Promise<Challenge> => {
    const now = clock.now();
    refuseDates({ start: new Date(body.start_at), end: new Date(body.end_at) }, now, 'create');
    const { emails, accounts, invitees } = await recipients(deps, body);
    const id = await asLiveUser(userId, async (trx) => {
      const created = await insertChallenge(trx, {
        owner_id: userId,
        name: body.name,
        description: body.description,
        start_at: new Date(body.start_at),
        end_at: new Date(body.end_at),
        points_target: body.points_target ?? defaultPointsTarget(body.activity_goals),
        is_private: body.is_private,
        activity_goals: goalMap(body.activity_goals),
        created_at: now,
      });
      await addMember(trx, created, userId, 'owner', now);
      await outbox.enqueue(
        trx,
        challengeCreated(
          {
            challenge_id: created,
            owner_id: userId,
            name: body.name,
            is_private: body.is_private,
            start_at: new Date(body.start_at).toISOString(),
            end_at: new Date(body.end_at).toISOString(),
          },
          now,
        ),
      );
      await sendInvites(trx, outbox, logger, { challengeId: created, challengeName: body.name, fromUserId: userId, userIds: invitees, emails, accounts }, now);
      return created;
    });
    outbox.kick();
    return (await visible(userId, id)).view;
  };
}
