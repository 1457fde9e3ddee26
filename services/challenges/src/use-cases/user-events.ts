import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger, Outbox, UserEvent } from '@warriors/kit';
import { challengeInvited } from '../domain/challenge-events';
import { challengeNames, claimEmailInvites, insertInvites } from '../store/invites.store';
import type { ChallengesDatabase, Executor } from '../store/schema';
import { forgetUserRows } from '../store/challenges.store';
import { lockForDeletion, projectedUsers } from '../store/users.store';

/**
 * A deleted user leaves every challenge and invite; the challenges they host are deleted with their
 * members' boards' rows (a challenge without its host could not be edited or deleted by anyone).
 * Their projection row is locked first: invites to them being sent now commit before the rows are
 * read (their own creations and joins wait on the user's lock, which the deletion holds).
 */
export async function forgetUser(trx: Kysely<ChallengesDatabase>, userId: string): Promise<void> {
  await lockForDeletion(trx, userId);
  await forgetUserRows(trx, userId);
}

/**
 * After a user.email_verified: the pending email invites of that address become the account's invites
 * (challenge.invited each). Only a verified address claims them, so that a sign-up with a colleague's
 * address does not receive the colleague's invitations. Safe to repeat: the email rows go in the same transaction.
 */
export async function inviteVerifiedAddress(deps: { db: Executor; outbox: Outbox; logger: Logger }, event: UserEvent, at: Date): Promise<void> {
  if (event.type !== 'user.email_verified') return;
  const email = event.data.email.trim().toLowerCase();
  const userId = event.data.user_id;
  const count = await deps.db.transaction().execute(async (trx) => {
    if (!(await projectedUsers.lockLive(trx, userId))) return 0;
    const pending = await claimEmailInvites(trx, email);
    if (pending.length === 0) return 0;
    const names = await challengeNames(
      trx,
      pending.map((p) => p.challenge_id),
    );
    const inserted = await insertInvites(
      trx,
      pending
        .filter((p) => p.from_user_id !== userId)
        .map((p) => ({ id: randomUUID(), challenge_id: p.challenge_id, from_user_id: p.from_user_id, to_user_id: userId, created_at: at })),
    );
    for (const invite of inserted) {
      await deps.outbox.enqueue(
        trx,
        challengeInvited(
          { invite_id: invite.id, challenge_id: invite.challenge_id, challenge_name: names.get(invite.challenge_id) ?? '', from_user_id: invite.from_user_id, to_user_id: userId },
          at,
        ),
      );
    }
    return inserted.length;
  });
  if (count > 0) {
    deps.outbox.kick();
    deps.logger.info({ user_id: userId, invites: count }, 'email invites became the invites of the account that verified the address');
  }
}
