import { performance } from 'node:perf_hooks';
import type { UserDirectory } from '@warriors/kit';
import { findUsers, hiddenUserIds } from '../store/users.store';
import type { Executor, UserRow } from '../store/schema';

/**
 * How long another instance's projection change may take to show here: the user.* consumer is a
 * queue group, so only the instance that applied an event can forget its cached copy at once.
 */
const USER_TTL_MS = 5000;
const MAX_CACHED_USERS = 20_000;

/** Kit's UserDirectory, with the batch reads and the invalidation leaderboards need. */
export interface LeaderboardUserDirectory extends UserDirectory<UserRow> {
  /** The users known to the projection among `userIds` (absent ones are not in the map). */
  get(userIds: readonly string[]): Promise<Map<string, UserRow>>;
  /** Users who asked to be left out of every ranking. */
  hidden(): Promise<ReadonlySet<string>>;
  /** Drops cached copies after this instance changed the projection. */
  forget(): void;
  /** Drops one user's cached row. */
  forgetUser(userId: string): void;
}

/** The user rows leaderboard reads need, cached in-process so a warm read never touches PostgreSQL. */
export function createUserDirectory(db: Executor): LeaderboardUserDirectory {
  // Absent users are cached too (as null): an unknown member must not cost a query on every read.
  const users = new Map<string, { row: UserRow | null; at: number }>();
  let hiddenCache: { ids: Promise<ReadonlySet<string>>; at: number } | undefined;
  const fresh = (at: number) => performance.now() - at < USER_TTL_MS;

  return {
    async get(userIds) {
      const missing = [...new Set(userIds)].filter((id) => {
        const cached = users.get(id);
        return !cached || !fresh(cached.at);
      });
      if (missing.length > 0) {
        const rows = new Map((await findUsers(db, missing)).map((row) => [row.user_id, row]));
        const at = performance.now();
        for (const id of missing) {
          users.delete(id); // re-inserted last: the Map's order is then oldest first, for eviction
          users.set(id, { row: rows.get(id) ?? null, at });
        }
        for (const id of users.keys()) {
          if (users.size <= MAX_CACHED_USERS) break;
          users.delete(id);
        }
      }
      const found = new Map<string, UserRow>();
      for (const id of userIds) {
        const row = users.get(id)?.row;
        if (row) found.set(id, row);
      }
      return found;
    },
    async resolve(userId) {
      return (await this.get([userId])).get(userId) ?? null;
    },
    async hidden() {
      if (!hiddenCache || !fresh(hiddenCache.at)) {
        const ids = hiddenUserIds(db).then((list) => new Set(list));
        hiddenCache = { ids, at: performance.now() };
        ids.catch(() => {
          hiddenCache = undefined;
        });
      }
      return hiddenCache.ids;
    },
    forget() {
      users.clear();
      hiddenCache = undefined;
    },
    forgetUser(userId) {
      users.delete(userId);
    },
  };
}
