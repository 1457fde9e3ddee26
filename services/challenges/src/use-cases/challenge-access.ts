import {
  CHALLENGE_MESSAGES,
  challengeDateIssues,
  parseInviteEmails,
  type CreateChallenge,
  type UpdateChallenge,
  type ActivityGoalMap,
  type Challenge,
  type ChallengeGoal,
} from '@warriors/contracts';
import { BAD_CREDENTIALS, forbidden, HttpError, notFound, unauthorized, ValidationError, type Bus, type Clock, type Logger, type Outbox } from '@warriors/kit';
import { challengeView, NO_STANDING, type ChallengeRecord } from '../domain/view';
import { challengeJoined } from '../domain/challenge-events';
import { addMember, findChallenge, lockChallenge, standingsOf } from '../store/challenges.store';
import { deleteInviteOf } from '../store/invites.store';
import { projectedUsers } from '../store/users.store';
import type { Executor } from '../store/schema';
import type { Board, BoardPages } from './board-pages';
import { accountsByEmail, existingUsers } from './invite';

export const badRequest = (detail: string) => new HttpError(400, detail);

/** 422 for dates the clock's rules refuse (contracts' challengeDateIssues), as the schema's own refusals read. */
export function refuseDates(...args: Parameters<typeof challengeDateIssues>): void {
  const issues = challengeDateIssues(...args);
  if (issues.length > 0) throw new ValidationError(issues.map((issue) => ({ loc: ['body', issue.field], msg: issue.message })));
}

export const goalMap = (goals: readonly ChallengeGoal[]): ActivityGoalMap => Object.fromEntries(goals.map((g) => [g.type, g.count]));

/** Who a created or edited challenge invites: the emails, the accounts they name and the invitees that are users, read before its transaction. */
export async function recipients({ db, bus, logger }: Pick<ChallengesDeps, 'db' | 'bus' | 'logger'>, body: Pick<CreateChallenge | UpdateChallenge, 'invite_emails' | 'invitees'>) {
  const { invites: emails } = parseInviteEmails(body.invite_emails);
  const accounts = await accountsByEmail(
    bus,
    logger,
    emails.map((e) => e.email),
  );
  const invitees = await existingUsers({ db, bus }, body.invitees);
  return { emails, accounts, invitees };
}

export interface ChallengesDeps {
  db: Executor;
  outbox: Outbox;
  bus: Bus;
  clock: Clock;
  logger: Logger;
  board: Board;
  /** The assembled board pages, shared with the scoring consumer and the user events (they drop them too). */
  pages: BoardPages;
}

/** What the challenge operations share: who may see a challenge, its owner's lock, the user's lock, joining. */
export function challengeAccess({ db, outbox, clock }: ChallengesDeps) {
  /** The challenge if `userId` may see it: public, or they are a member or invited; otherwise 404. */
  async function visible(userId: string, id: number, executor: Executor = db): Promise<{ record: ChallengeRecord; view: Challenge }> {
    const record = await findChallenge(executor, id);
    if (!record) throw notFound(CHALLENGE_MESSAGES.notFound);
    const standing = (await standingsOf(executor, userId, [id])).get(id) ?? NO_STANDING;
    if (record.isPrivate && standing.role === null && !standing.invited) throw notFound(CHALLENGE_MESSAGES.notFound);
    return { record, view: challengeView(record, userId, standing, clock.now()) };
  }

  async function views(userId: string, records: ChallengeRecord[]): Promise<Challenge[]> {
    const standings = await standingsOf(
      db,
      userId,
      records.map((r) => r.id),
    );
    const now = clock.now();
    return records.map((r) => challengeView(r, userId, standings.get(r.id) ?? NO_STANDING, now));
  }

  /** The owner's challenge, or 404 when the caller may not see it and 403 when they see it but do not own it. */
  async function owned(trx: Executor, userId: string, id: number): Promise<ChallengeRecord> {
    if (!(await lockChallenge(trx, id))) throw notFound(CHALLENGE_MESSAGES.notFound);
    const { record } = await visible(userId, id, trx);
    if (record.ownerId !== userId) throw forbidden(CHALLENGE_MESSAGES.onlyOwner);
    return record;
  }

  /**
   * Runs `work` in a transaction holding the user's lock, refusing a deleted account with 401 (the
   * route let the token in, but its user.deleted may have been applied since). The deletion takes the
   * lock too: what `work` creates or joins commits before its forget runs and is removed with it.
   * Taken before any challenge row, in the order the deletion takes them.
   */
  const asLiveUser = <T>(userId: string, work: (trx: Executor) => Promise<T>): Promise<T> =>
    db.transaction().execute(async (trx) => {
      if (!(await projectedUsers.lockLive(trx, userId))) throw unauthorized(BAD_CREDENTIALS);
      return work(trx);
    });

  async function join(trx: Executor, record: ChallengeRecord, userId: string, now: Date): Promise<void> {
    if (await addMember(trx, record.id, userId, 'member', now)) {
      await outbox.enqueue(
        trx,
        challengeJoined({ challenge_id: record.id, challenge_name: record.name, user_id: userId, owner_id: record.ownerId, is_private: record.isPrivate }, now),
      );
    }
    await deleteInviteOf(trx, record.id, userId);
  }

  return { visible, views, owned, asLiveUser, join };
}
