import { randomUUID } from 'node:crypto';
import {
  BOARDS_CHANGED_SUBJECT,
  LEADERBOARD_SIZE,
  type BoardsChangedNotice,
  type LeaderboardRow,
  type LeaderboardWindow,
  type MyStanding,
  type RankChange,
} from '@warriors/contracts';
import type { LocalDate } from '@warriors/contracts';
import { gapToPass, nextAbove, rankChange, visibleRank, visibleTop, type Ranked } from '../domain/ranking';
import { pointDeltas, windowKey } from '../domain/windows';
import { createResponseCache, type Bus, type Clock, type LeaderboardStore } from '@warriors/kit';
import type { LeaderboardUserDirectory } from './user-directory';

/**
 * A top-20 answer is reused this long at most. Every instance drops its copies as soon as any instance
 * changed the boards (BOARDS_CHANGED_SUBJECT), so this bounds only a notice lost with the bus.
 */
const RESPONSE_TTL_MS = 1000;
/** Distinct (window, date) answers kept: a few dates are "today" somewhere at any time. */
const MAX_CACHED_RESPONSES = 64;
/** Members read beyond 20 plus the hidden count, for unknown members that are filtered out too. */
const EXTRA_MEMBERS = 5;
/** The first score band searched above a user for the next one to pass; it widens 8x a step. */
const FIRST_GAP_BAND = 16;

/** Points of one activity or bonus for the boards. */
export interface PointsEntry {
  applyId: string;
  userId: string;
  localDate: LocalDate;
  points: number;
}

export interface Leaderboards {
  top(window: LeaderboardWindow, viewerDate: LocalDate): Promise<LeaderboardRow[]>;
  standing(userId: string, window: LeaderboardWindow, viewerDate: LocalDate): Promise<MyStanding>;
  ranks(userIds: readonly string[], window: LeaderboardWindow, viewerDate: LocalDate): Promise<Record<string, number | null>>;
  /**
   * Each author's day-board change after their `points` were added to `key` (null when nobody was
   * passed), in the order asked; the authors of one board are ranked against one read of its hidden members.
   */
  rankChangesAfter(changes: ReadonlyArray<{ userId: string; key: string; points: number }>): Promise<Array<RankChange | null>>;
  /** Drops cached answers after this instance changed who is shown, here and on every other instance. */
  forget(): void;
  /** Another instance changed the boards: drops what its notice names. */
  changedElsewhere(notice: BoardsChangedNotice): void;
  /**
   * Adds each entry's `points` for its `userId` on its `localDate` to every board, once per `applyId`
   * (an activity's or a bonus's id: a redelivery or a repeat changes nothing), all in one call to the
   * store. When some went in, drops this instance's cached answers and those users' cached rows (their
   * last activity time moved); who is hidden did not change, so that stays cached. Answers whether
   * each went in, in order.
   */
  addPoints(entries: readonly PointsEntry[]): Promise<boolean[]>;
}

export interface LeaderboardDeps {
  store: LeaderboardStore;
  directory: LeaderboardUserDirectory;
  /** Tells the other instances of each change this one makes to the boards. */
  bus: Bus;
  /** Ages the cached answers: a test that pins it sees only what the notices drop. */
  clock: Clock;
}

export function createLeaderboards({ store, directory, bus, clock }: LeaderboardDeps): Leaderboards {
  const responses = createResponseCache<string, LeaderboardRow[]>({ ttlMs: RESPONSE_TTL_MS, maxEntries: MAX_CACHED_RESPONSES, now: () => clock.now().getTime() });
  const instance = randomUUID();
  /** Users whose rows changed since the last notice, or 'everyone'; sent once per turn of the event loop, i.e. once per consumer batch. */
  let unannounced: Set<string> | 'everyone' | null = null;

  function announce(userId: string | null): void {
    if (unannounced === null) {
      unannounced = new Set();
      setImmediate(() => {
        const changed = unannounced;
        unannounced = null;
        const notice: BoardsChangedNotice = { from: instance, user_ids: changed === 'everyone' ? null : [...changed!] };
        // Fire and forget: a notice the bus could not take is made up by RESPONSE_TTL_MS.
        bus.publishTransient(BOARDS_CHANGED_SUBJECT, notice).catch(() => undefined);
      });
    }
    if (userId === null) unannounced = 'everyone';
    else if (unannounced !== 'everyone') unannounced.add(userId);
  }

  async function readTop(key: string): Promise<LeaderboardRow[]> {
    const hidden = await directory.hidden();
    let count = LEADERBOARD_SIZE + hidden.size + EXTRA_MEMBERS;
    for (;;) {
      const members = await store.top(key, count);
      const users = await directory.get(members.map((m) => m.member));
      const shown = visibleTop(members, (id) => users.get(id)?.show_on_leaderboard === true, LEADERBOARD_SIZE);
      const exhausted = members.length < count || members[members.length - 1]!.score <= 0;
      if (shown.length === LEADERBOARD_SIZE || exhausted) {
        return shown.map(({ member, score, rank }) => {
          const user = users.get(member)!;
          return {
            id: member,
            name: user.name,
            username: user.username,
            points: score,
            profile_picture: user.profile_picture,
            company: user.company,
            city: user.city,
            state: user.state,
            last_activity_date: user.last_activity_at?.toISOString() ?? null,
            rank,
          };
        });
      }
      count *= 2;
    }
  }

  /** Ranks of several members against one fetch of the hidden members' positions. */
  async function rankerFor(key: string): Promise<(userId: string) => Promise<{ score: number | null; rank: number | null }>> {
    const hidden = await directory.hidden();
    let hiddenRanks: Promise<Array<number | null>> | undefined;
    return async (userId) => {
      // Asked together (one write with a pipelining store) rather than the rank only after the score.
      const [score, storeRank] = await Promise.all([store.score(key, userId), store.rank(key, userId)]);
      if (score === null || score <= 0 || hidden.has(userId)) return { score, rank: null };
      if (storeRank === null) return { score: null, rank: null };
      hiddenRanks ??= Promise.all([...hidden].map((id) => store.rank(key, id)));
      return { score, rank: visibleRank(storeRank, await hiddenRanks) };
    };
  }

  /** Searches ever wider score bands above `me`: the store offers no "range by rank" below the top. */
  async function gapToNext(key: string, me: Ranked): Promise<number | null> {
    const hidden = await directory.hidden();
    const highest = (await store.top(key, 1))[0]?.score ?? me.score;
    for (let band = FIRST_GAP_BAND; ; band *= 8) {
      // Scores are whole points, so "above score - 1" means "at least score".
      const candidates = await store.between(key, me.score - 1, me.score + band);
      const next = nextAbove(candidates, me, (id) => !hidden.has(id));
      if (next) return gapToPass(next, me);
      if (me.score + band > highest) return null;
    }
  }

  return {
    async top(window, viewerDate) {
      const key = windowKey(window, viewerDate);
      return responses.get(key, () => readTop(key));
    },

    async standing(userId, window, viewerDate) {
      const key = windowKey(window, viewerDate);
      const { score, rank } = await (await rankerFor(key))(userId);
      const points = score ?? 0;
      const gap = rank === null || rank === 1 ? null : await gapToNext(key, { member: userId, score: points });
      return { rank, points, gap_to_next: gap, window };
    },

    async ranks(userIds, window, viewerDate) {
      const rankOf = await rankerFor(windowKey(window, viewerDate));
      const entries = await Promise.all(userIds.map(async (id) => [id, (await rankOf(id)).rank] as const));
      return Object.fromEntries(entries);
    },

    async rankChangesAfter(changes) {
      const hidden = await directory.hidden();
      const rankers = new Map<string, ReturnType<typeof rankerFor>>();
      const climbs = await Promise.all(
        changes.map(async ({ userId, key, points }) => {
          const ranker = rankers.get(key) ?? rankerFor(key);
          rankers.set(key, ranker);
          const { score, rank } = await (await ranker)(userId);
          if (score === null || rank === null) return null;
          return { userId, rank, passed: await store.between(key, score - points, score) };
        }),
      );
      // The passed users' names in one read: the batch's own authors are among them, their cached rows just dropped.
      const users = await directory.get(climbs.flatMap((climb) => climb?.passed.map((m) => m.member) ?? []));
      const usernameOf = (id: string) => (hidden.has(id) ? undefined : users.get(id)?.username);
      return climbs.map((climb) => climb && rankChange(climb.userId, climb.passed, usernameOf, climb.rank));
    },

    forget() {
      responses.clear();
      directory.forget();
      announce(null);
    },

    changedElsewhere(notice) {
      if (notice.from === instance) return;
      responses.clear();
      if (notice.user_ids === null) directory.forget();
      else for (const userId of notice.user_ids) directory.forgetUser(userId);
    },

    async addPoints(entries) {
      const applied = await store.applyAll(entries.map((e) => ({ applyId: e.applyId, member: e.userId, deltas: pointDeltas(e.localDate, e.points) })));
      if (applied.some(Boolean)) responses.clear();
      for (const [i, entry] of entries.entries()) {
        if (!applied[i]) continue;
        directory.forgetUser(entry.userId);
        announce(entry.userId);
      }
      return applied;
    },
  };
}
