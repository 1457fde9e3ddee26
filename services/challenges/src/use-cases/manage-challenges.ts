import {
  CHALLENGE_MESSAGES,
  challengeDateIssues,
  defaultPointsTarget,
  encodeOpenChallengesCursor,
  parseInviteEmails,
  type ActivityGoalMap,
  type Challenge,
  type ChallengeGoal,
  type ChallengeInvite,
  type ChallengeLeaderboardEntry,
  type CreateChallenge,
  type OpenChallengesPage,
  type PublicChallenge,
  type UpdateChallenge,
} from '@warriors/contracts';
import { BAD_CREDENTIALS, forbidden, HttpError, notFound, unauthorized, ValidationError, type Bus, type Clock, type Logger, type Outbox } from '@warriors/kit';
import { canDelete, canEdit, timeState } from '../domain/rules';
import { challengeView, NO_STANDING, publicView, type ChallengeRecord } from '../domain/view';
import { challengeCreated, challengeJoined } from '../domain/challenge-events';
import {
  addMember,
  boardMembers,
  deleteChallenge,
  findChallenge,
  insertChallenge,
  lockChallenge,
  myChallenges,
  openChallenges,
  removeMember,
  roleOf,
  scorersOf,
  standingsOf,
  updateChallenge,
} from '../store/challenges.store';
import { deleteInvite, deleteInviteOf, findInvite, invitesTo, isInvited, recordDecline } from '../store/invites.store';
import { isDeleted, projectedUsers } from '../store/users.store';
import type { Executor } from '../store/schema';
import { boardKey, membershipKey, type Board, type BoardPage, type BoardPages } from './boards';
import { accountsByEmail, existingUsers, sendInvites } from './invite';

/** Rows the caller's own lists answer at most, and the top of a board a leaderboard answers (ZREVRANGE 0 N-1: the spec's top 20). */
export const LIST_LIMIT = 200;
export const LEADERBOARD_SIZE = 20;

const badRequest = (detail: string) => new HttpError(400, detail);

/** 422 for dates the clock's rules refuse (contracts' challengeDateIssues), as the schema's own refusals read. */
function refuseDates(...args: Parameters<typeof challengeDateIssues>): void {
  const issues = challengeDateIssues(...args);
  if (issues.length > 0) throw new ValidationError(issues.map((issue) => ({ loc: ['body', issue.field], msg: issue.message })));
}

const goalMap = (goals: readonly ChallengeGoal[]): ActivityGoalMap => Object.fromEntries(goals.map((g) => [g.type, g.count]));

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

export function createChallenges(deps: ChallengesDeps) {
  const { db, outbox, bus, clock, logger, board, pages } = deps;

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

  /** The top of the board with the names from the projection: the same for every member, so it is cached per challenge. */
  async function assemblePage(id: number): Promise<BoardPage> {
    const entries = await topEntries(id);
    return { entries, json: JSON.stringify(entries) };
  }

  async function topEntries(id: number): Promise<ChallengeLeaderboardEntry[]> {
    const top = await board.top(boardKey(id), LEADERBOARD_SIZE);
    const members = await boardMembers(
      db,
      id,
      top.map((t) => t.member),
    );
    return top.flatMap(({ member, score }) => {
      const m = members.get(member);
      if (!m || !m.show_on_leaderboard || score <= 0) return [];
      return [{ user_id: m.user_id, name: m.name, username: m.username, profile_picture: m.profile_picture, role: m.role, points: score }];
    });
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

  return {
    async create(userId: string, body: CreateChallenge): Promise<Challenge> {
      const now = clock.now();
      refuseDates({ start: new Date(body.start_at), end: new Date(body.end_at) }, now, 'create');
      const { invites: emails } = parseInviteEmails(body.invite_emails);
      const accounts = await accountsByEmail(
        bus,
        logger,
        emails.map((e) => e.email),
      );
      const invitees = await existingUsers({ db, bus }, body.invitees);
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
    },

    async get(userId: string, id: number): Promise<Challenge> {
      return (await visible(userId, id)).view;
    },

    async getPublic(id: number): Promise<PublicChallenge> {
      const record = await findChallenge(db, id);
      if (!record || record.isPrivate) throw notFound(CHALLENGE_MESSAGES.notFound);
      return publicView(record, clock.now());
    },

    /** One page of the Open list, and the cursor of the next when there is one (a row past the page is read to know). */
    async listOpen(userId: string, page: Pick<OpenChallengesPage, 'after' | 'limit'>): Promise<{ challenges: Challenge[]; next: string | null }> {
      const records = await openChallenges(db, clock.now(), page.after, page.limit + 1);
      const shown = records.slice(0, page.limit);
      const last = shown.at(-1);
      const next = records.length > page.limit && last ? encodeOpenChallengesCursor({ endAt: last.endAt, id: last.id }) : null;
      return { challenges: await views(userId, shown), next };
    },

    async listMine(userId: string, window: 'active' | 'completed'): Promise<Challenge[]> {
      return views(userId, await myChallenges(db, userId, clock.now(), window, LIST_LIMIT));
    },

    async update(userId: string, id: number, body: UpdateChallenge): Promise<Challenge> {
      const { invites: emails } = parseInviteEmails(body.invite_emails);
      const accounts = await accountsByEmail(
        bus,
        logger,
        emails.map((e) => e.email),
      );
      const invitees = await existingUsers({ db, bus }, body.invitees);
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
    },

    async join(userId: string, id: number): Promise<Challenge> {
      const now = clock.now();
      await asLiveUser(userId, async (trx) => {
        if (!(await lockChallenge(trx, id))) throw notFound(CHALLENGE_MESSAGES.notFound);
        const record = (await findChallenge(trx, id))!;
        const standing = (await standingsOf(trx, userId, [id])).get(id) ?? NO_STANDING;
        if (standing.role !== null) return;
        // As every other route: a private challenge the caller may not see does not exist for them.
        if (record.isPrivate && !(await isInvited(trx, id, userId))) throw notFound(CHALLENGE_MESSAGES.notFound);
        if (timeState(record, now) === 'ended') throw badRequest(CHALLENGE_MESSAGES.ended);
        await join(trx, record, userId, now);
      });
      pages.forget(id);
      outbox.kick();
      return (await visible(userId, id)).view;
    },

    async leave(userId: string, id: number): Promise<{ detail: string }> {
      await db.transaction().execute(async (trx) => {
        if (!(await lockChallenge(trx, id))) throw notFound(CHALLENGE_MESSAGES.notFound);
        const { record, view } = await visible(userId, id, trx);
        if (record.ownerId === userId) throw badRequest(CHALLENGE_MESSAGES.ownerCannotLeave);
        if (!view.is_joined) throw badRequest(CHALLENGE_MESSAGES.notMember);
        await removeMember(trx, id, userId);
      });
      pages.forget(id);
      pages.roles.forget(membershipKey(id, userId));
      // Off the board now; were Redis away, the rebuild reads the members without them.
      await board.remove(boardKey(id), userId).catch((err: unknown) => logger.warn({ err, challenge_id: id }, 'left member not removed from the board yet'));
      pages.forget(id);
      return { detail: 'Left the challenge' };
    },

    async remove(userId: string, id: number): Promise<{ detail: string }> {
      const now = clock.now();
      const scored = await db.transaction().execute(async (trx) => {
        const record = await owned(trx, userId, id);
        if (!canDelete(record, userId, now)) throw badRequest(CHALLENGE_MESSAGES.deleteActive);
        const members = await scorersOf(trx, id);
        await deleteChallenge(trx, id);
        return members;
      });
      // The board goes with it (were Redis away, the next rebuild drops the set: no challenge row holds it).
      await Promise.all(scored.map((member) => board.remove(boardKey(id), member))).catch((err: unknown) =>
        logger.warn({ err, challenge_id: id }, 'deleted challenge board not dropped yet'),
      );
      // Its page and every remembered membership of it (a deletion is rare: everything goes).
      pages.clear();
      return { detail: 'Challenge deleted' };
    },

    /**
     * The top of the board with its JSON, members only; a member hidden from rankings
     * (show_on_leaderboard false) is left out. The fast path is the caller's membership, remembered
     * with the pages (a primary-key lookup on a miss; a member is never a deleted account: a deletion
     * removes the memberships with the tombstone); a non-member takes the slow path: 401 when
     * deleted, else 404 or 403 as before.
     */
    async leaderboardPage(userId: string, id: number): Promise<BoardPage> {
      const key = membershipKey(id, userId);
      const role = await pages.roles.get(key, () => roleOf(db, id, userId));
      if (role === null) {
        // Only a membership is remembered: a join elsewhere must show at once.
        pages.roles.forget(key);
        if (await isDeleted(db, userId)) throw unauthorized(BAD_CREDENTIALS);
        const { view } = await visible(userId, id);
        if (!view.is_joined) throw forbidden(CHALLENGE_MESSAGES.notMember);
      }
      return pages.get(id, () => assemblePage(id));
    },

    async invites(userId: string): Promise<ChallengeInvite[]> {
      const rows = await invitesTo(db, userId, clock.now());
      return rows.map((r) => ({
        invite_id: r.id,
        from_name: r.from_name ?? 'Unknown warrior',
        from_username: r.from_username ?? '',
        challenge_name: r.challenge_name,
        challenge_id: r.challenge_id,
        created_at: new Date(r.created_at).toISOString(),
      }));
    },

    async acceptInvite(userId: string, inviteId: string): Promise<Challenge> {
      const now = clock.now();
      const challengeId = await asLiveUser(userId, async (trx) => {
        const invite = await findInvite(trx, inviteId);
        if (!invite || invite.to_user_id !== userId) throw notFound(CHALLENGE_MESSAGES.inviteNotFound);
        if (!(await lockChallenge(trx, invite.challenge_id))) throw notFound(CHALLENGE_MESSAGES.inviteNotFound);
        const record = (await findChallenge(trx, invite.challenge_id))!;
        if (timeState(record, now) === 'ended') throw badRequest(CHALLENGE_MESSAGES.ended);
        await join(trx, record, userId, now);
        return record.id;
      });
      pages.forget(challengeId);
      outbox.kick();
      return (await visible(userId, challengeId)).view;
    },

    async declineInvite(userId: string, inviteId: string): Promise<{ detail: string }> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const invite = await findInvite(trx, inviteId);
        if (!invite || invite.to_user_id !== userId) throw notFound(CHALLENGE_MESSAGES.inviteNotFound);
        await deleteInvite(trx, inviteId);
        await recordDecline(trx, invite.challenge_id, userId, now);
      });
      return { detail: 'Invite declined' };
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
