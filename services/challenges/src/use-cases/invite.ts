import { createHash, randomUUID } from 'node:crypto';
import { BUS_QUESTIONS, AccountsByEmailReply, type EmailInvite } from '@warriors/contracts';
import { DependencyUnavailableError, resolveUser, type Bus, type Logger, type Outbox } from '@warriors/kit';
import { challengeInvited, invitationMailRequested } from '../domain/challenge-events';
import { insertEmailInvites, insertInvites } from '../store/invites.store';
import type { Executor } from '../store/schema';
import { findUserId, holdAgainstDeletion, projectedUsers, usersIn } from '../store/users.store';
import { findChallenge, usersAmong } from '../store/challenges.store';

/** How long an invite waits for auth to say which emails have an account; without an answer they stay email invites. */
export const ACCOUNTS_BY_EMAIL_TIMEOUT_MS = 2000;

/** The account of each email auth knows (email -> user id); empty when auth does not answer. */
export async function accountsByEmail(bus: Bus, logger: Logger, emails: readonly string[]): Promise<Record<string, string>> {
  if (emails.length === 0) return {};
  try {
    return AccountsByEmailReply.parse(await bus.request(BUS_QUESTIONS.accountsByEmail.subject, { emails }, ACCOUNTS_BY_EMAIL_TIMEOUT_MS));
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err), emails: emails.length }, 'auth did not say which invited emails have accounts: kept as email invites');
    return {};
  }
}

/**
 * The invitee ids that name an account: those in the projection, and those auth knows (a sign-up whose
 * user.registered has not arrived yet). An id of no one, or of a deleted account, is dropped rather
 * than stored as an invite nobody can see. 503 when auth must be asked and cannot be.
 */
export async function existingUsers(deps: { db: Executor; bus: Bus }, userIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(userIds)];
  const projected = await usersIn(deps.db, 'users', unique);
  const directory = { ...deps, users: projectedUsers, find: findUserId, unavailable: (cause: unknown) => new DependencyUnavailableError('user directory', { cause }) };
  const known = await Promise.all(unique.map(async (id) => projected.has(id) || (await resolveUser(directory, id)) !== null));
  return unique.filter((_, index) => known[index]);
}

/** A log-safe token for an email: never the address itself. */
const emailTag = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 12);

export interface InviteRequest {
  challengeId: number;
  challengeName: string;
  fromUserId: string;
  userIds: readonly string[];
  emails: readonly EmailInvite[];
  /** Emails auth resolved to accounts (looked up before the transaction). */
  accounts: Record<string, string>;
}

/**
 * In the caller's transaction: invites each user (not deleted, not the sender, not already a member
 * or invited, and not one who declined this challenge's invite before) and publishes challenge.invited
 * for each new invite; stores the emails without an account as pending email invites (they become
 * invites once an account verifies the address). Every invite line that made a new invite, to an
 * account or pending, asks for the invitation mail (mail.requested, from the same outbox).
 */
export async function sendInvites(trx: Executor, outbox: Outbox, logger: Logger, request: InviteRequest, at: Date): Promise<void> {
  const pending = request.emails.filter((e) => request.accounts[e.email] === undefined);
  const wanted = [...new Set([...request.userIds, ...request.emails.map((e) => request.accounts[e.email]).filter((id): id is string => id !== undefined)])].filter(
    (id) => id !== request.fromUserId,
  );
  const isMember = await usersAmong(trx, 'challenge_members', request.challengeId, wanted);
  const declined = await usersAmong(trx, 'challenge_declines', request.challengeId, wanted);
  const outsiders = wanted.filter((id) => !isMember.has(id) && !declined.has(id));
  // Held before the tombstones are read: an invitee's deletion applied meanwhile then either sees
  // these invites or shows its tombstone. Members are neither invited nor held: their deletion
  // also updates this challenge's row, which an update holds (the two would wait for each other).
  await holdAgainstDeletion(trx, outsiders);
  // Not filtered by the projection: a sign-up moments ago may not have reached it yet.
  const deleted = await usersIn(trx, 'deleted_users', outsiders);
  const inserted = await insertInvites(
    trx,
    outsiders
      .filter((id) => !deleted.has(id))
      .map((to) => ({ id: randomUUID(), challenge_id: request.challengeId, from_user_id: request.fromUserId, to_user_id: to, created_at: at })),
  );
  for (const invite of inserted) {
    await outbox.enqueue(
      trx,
      challengeInvited(
        { invite_id: invite.id, challenge_id: invite.challenge_id, challenge_name: request.challengeName, from_user_id: invite.from_user_id, to_user_id: invite.to_user_id },
        at,
      ),
    );
  }
  const stored = await insertEmailInvites(trx, request.challengeId, request.fromUserId, pending, at);
  const invitedAccounts = new Set(inserted.map((invite) => invite.to_user_id));
  const mailed = request.emails.filter((line) => {
    const account = request.accounts[line.email];
    return account === undefined ? stored.has(line.email) : invitedAccounts.has(account);
  });
  await requestInvitationMails(trx, outbox, request.challengeId, mailed, at);
  if (request.emails.length > 0) {
    logger.info(
      {
        challenge_id: request.challengeId,
        emails: request.emails.length,
        with_account: request.emails.length - pending.length,
        pending: stored.size,
        mailed: mailed.length,
        tags: mailed.map((e) => emailTag(e.email)),
      },
      'challenge invite by email: invitation mails requested',
    );
  }
}

/** The invitation mail of each line, naming the host as the public invitation does (a private profile by its username). */
async function requestInvitationMails(trx: Executor, outbox: Outbox, challengeId: number, lines: readonly EmailInvite[], at: Date): Promise<void> {
  if (lines.length === 0) return;
  const challenge = await findChallenge(trx, challengeId);
  if (!challenge) return;
  const invited = { id: challenge.id, name: challenge.name, description: challenge.description, start_at: challenge.startAt.toISOString(), end_at: challenge.endAt.toISOString() };
  for (const line of lines) {
    await outbox.enqueue(
      trx,
      invitationMailRequested(
        { kind: 'challenge_invitation', to: line.email, user_id: null, invitee_name: line.name || null, host_name: challenge.ownerPublicName, challenge: invited },
        at,
      ),
    );
  }
}
