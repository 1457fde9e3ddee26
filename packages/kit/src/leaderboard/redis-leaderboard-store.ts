import { randomUUID } from 'node:crypto';
import type { ChainableCommander } from 'ioredis';
import { isDependencyFailure } from '../http/errors';
import type { Redis } from '../redis';
import {
  DEFAULT_APPLY_MARKER_TTL_MS,
  RESERVED_KEY_PREFIXES,
  assertApply,
  assertBounds,
  assertCount,
  assertKey,
  assertPut,
  assertPutSum,
  leaderboardUnavailable,
} from './leaderboard-input';
import type { LeaderboardApply, LeaderboardRebuild, LeaderboardStore, ScoredMember } from './leaderboard-store.port';

export interface RedisLeaderboardStoreOptions {
  /** Prefix of every key this store writes; clear() removes everything under it. */
  namespace: string;
  applyMarkerTtlMs?: number;
  /** How long a rebuild's lock outlives its last sign of life (it is renewed while the rebuild runs). */
  rebuildLockTtlMs?: number;
}

/*
 * The completeness marker holds the replication id of the primary the boards were completed on.
 * Replicas copy the primary's writes asynchronously, so a replica promoted by a failover may lack the
 * last ones; it also takes a replication id of its own at the promotion. Each script that relies on
 * the boards being complete reads the id of the server it runs on, so boards completed on another
 * primary count as incomplete (and are rebuilt) from the first command the new primary answers.
 * A restart without persistence changes the id too, but it takes the marker with it anyway.
 */
const PRIMARY_ID = `
local function primaryId()
  return string.match(redis.call('INFO', 'replication'), 'master_replid:(%w+)')
end
`;

/*
 * One script so that the completeness check, the markers and every increment land together: no other
 * client can observe (or repeat) half an apply, and no apply can slip in after a rebuild started.
 * A replica applies the script's writes as one transaction too, so a failover loses whole applies
 * (markers and increments together), never half of one. One call carries any number of applies (a
 * consumer's whole batch): KEYS[1] is the completeness marker, then per apply its marker and its
 * sets; ARGV[1] the marker TTL, ARGV[2] the number of applies, then per apply its member, its
 * number of sets and a (delta, expireAt or '') pair per set.
 * Answers -1 when the boards are incomplete (Redis lost its data, a rebuild is running, or they were
 * completed on a primary that a failover replaced): nothing written. Otherwise a 1 (applied) or 0
 * (marker already set: applied before, or earlier in this call) per apply.
 * "No expireAt" means the key is never dropped, which is the latest possible expiry, so it wins
 * (PERSIST). Otherwise PEXPIREAT ... GT only ever pushes an expiry later and leaves a key without one
 * alone; a key this very call created has no expiry yet, so it gets the plain PEXPIREAT. An expiry
 * already in the past deletes the key at once, as PEXPIREAT does.
 */
const APPLY_SCRIPT = `${PRIMARY_ID}
if redis.call('GET', KEYS[1]) ~= primaryId() then return -1 end
local results = {}
local key, arg = 2, 3
for n = 1, tonumber(ARGV[2]) do
  local member, sets = ARGV[arg], tonumber(ARGV[arg + 1])
  arg = arg + 2
  if redis.call('SET', KEYS[key], '1', 'NX', 'PX', ARGV[1]) then
    for i = 1, sets do
      local set, delta, expireAt = KEYS[key + i], ARGV[arg + 2 * i - 2], ARGV[arg + 2 * i - 1]
      local existed = redis.call('EXISTS', set) == 1
      redis.call('ZINCRBY', set, delta, member)
      if expireAt == '' then
        redis.call('PERSIST', set)
      elseif existed then
        redis.call('PEXPIREAT', set, expireAt, 'GT')
      else
        redis.call('PEXPIREAT', set, expireAt)
      end
    end
    results[n] = 1
  else
    results[n] = 0
  end
  key = key + 1 + sets
  arg = arg + 2 * sets
end
return results
`;

/*
 * Takes the rebuild lock and, only if it got it, drops the completeness marker: from then on every
 * apply is refused until the commit. KEYS[1] the lock, KEYS[2] the marker; ARGV[1] the token, ARGV[2] the TTL.
 */
const BEGIN_REBUILD_SCRIPT = `
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 0 end
redis.call('DEL', KEYS[2])
return 1
`;

/** Extends the lock if it is still this rebuild's. KEYS[1] the lock; ARGV[1] the token, ARGV[2] the TTL. */
const RENEW_LOCK_SCRIPT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/*
 * The swap, all or nothing: only while the lock is still this rebuild's (a flush or an expiry takes
 * it away) and every new set is still there, renames each new set over its live key with its expiry,
 * drops the live sets the new boards do not hold, marks the boards complete on this primary and
 * releases the lock.
 * KEYS[1] the lock, KEYS[2] the marker, then (new, live) pairs, then the live sets to drop;
 * ARGV[1] the token, ARGV[2] the number of pairs, then an expireAt or '' per pair.
 */
const COMMIT_REBUILD_SCRIPT = `${PRIMARY_ID}
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local swaps = tonumber(ARGV[2])
for i = 1, swaps do
  if redis.call('EXISTS', KEYS[1 + 2 * i]) == 0 then return 0 end
end
for i = 1, swaps do
  local live, expireAt = KEYS[2 + 2 * i], ARGV[2 + i]
  -- The old set is freed in the background: RENAME over it would free a large one inside the script.
  redis.call('UNLINK', live)
  redis.call('RENAME', KEYS[1 + 2 * i], live)
  if expireAt == '' then redis.call('PERSIST', live) else redis.call('PEXPIREAT', live, expireAt) end
end
for i = 3 + 2 * swaps, #KEYS do redis.call('UNLINK', KEYS[i]) end
redis.call('SET', KEYS[2], primaryId())
redis.call('DEL', KEYS[1])
return 1
`;

/** 1 when the boards are complete on this primary. KEYS[1] the marker. */
const IS_COMPLETE_SCRIPT = `${PRIMARY_ID}
if redis.call('GET', KEYS[1]) == primaryId() then return 1 end
return 0
`;

/** Releases the lock if it is still this rebuild's. KEYS[1] the lock; ARGV[1] the token. */
const RELEASE_LOCK_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

/**
 * Marks applies as counted by a rebuild. KEYS the markers; ARGV[1] their lifetime in ms. One call per
 * slice of ids: a rebuild marks every recent ledger entry, and a command per marker cost the client
 * far more than Redis.
 */
const MARK_APPLIED_SCRIPT = `
for i = 1, #KEYS do redis.call('SET', KEYS[i], '1', 'PX', ARGV[1]) end
return #KEYS
`;

/** Namespaced so that they cannot clash with commands someone else defines on the shared client. */
const COMMANDS = {
  apply: { name: 'warriorsLeaderboardApply', lua: APPLY_SCRIPT },
  beginRebuild: { name: 'warriorsLeaderboardBeginRebuild', lua: BEGIN_REBUILD_SCRIPT },
  renewLock: { name: 'warriorsLeaderboardRenewLock', lua: RENEW_LOCK_SCRIPT },
  commitRebuild: { name: 'warriorsLeaderboardCommitRebuild', lua: COMMIT_REBUILD_SCRIPT },
  isComplete: { name: 'warriorsLeaderboardIsComplete', lua: IS_COMPLETE_SCRIPT },
  releaseLock: { name: 'warriorsLeaderboardReleaseLock', lua: RELEASE_LOCK_SCRIPT },
  markApplied: { name: 'warriorsLeaderboardMarkApplied', lua: MARK_APPLIED_SCRIPT },
} as const;

type Script = (keyCount: number, ...keysThenArgs: string[]) => Promise<number>;
/** The apply script's answer: -1 (incomplete), or one 1 or 0 per apply. */
type ApplyScript = (keyCount: number, ...keysThenArgs: string[]) => Promise<number | number[]>;

/** Members per ZADD (and apply markers per write) while rebuilding, so a 100k-member set never becomes one huge command. */
const REBUILD_CHUNK = 1000;
/** A half-built set left by a crashed process must not stay forever. */
const REBUILD_TEMP_TTL_MS = 10 * 60 * 1000;
const DEFAULT_REBUILD_LOCK_TTL_MS = 15_000;
/** Keys a SCAN step looks at: a namespace holds a rebuild's worth of apply markers besides its few boards. */
const SCAN_COUNT = 10_000;

/** Redis parses "(1e+21" and "(-inf" but not JavaScript's "Infinity". */
function exclusiveBound(value: number): string {
  if (value === Infinity) return '(+inf';
  if (value === -Infinity) return '(-inf';
  return `(${value}`;
}

/** MULTI and pipelines report a failed command in their result lists instead of rejecting. */
async function execOrThrow(transaction: ChainableCommander): Promise<Array<[null, unknown]>> {
  const results = await transaction.exec();
  if (results === null) throw new Error('Redis transaction was aborted');
  const failure = results.find(([error]) => error !== null)?.[0];
  if (failure) throw failure;
  return results as Array<[null, unknown]>;
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

function toScoredMembers(flat: string[]): ScoredMember[] {
  const members: ScoredMember[] = [];
  for (let i = 0; i < flat.length; i += 2) members.push({ member: flat[i]!, score: Number(flat[i + 1]) });
  return members;
}

/**
 * The stack-mode store: one Redis sorted set per leaderboard key, under `${namespace}:`.
 *
 * The boards are complete while `${namespace}:boards:complete` holds the current primary's
 * replication id. Redis runs without persistence, so a restart or a flush takes the marker with the
 * sets; a failover (through Sentinel) leaves a marker naming the old primary on a replica that may
 * have missed the last writes. Either way the apply script refuses from then on until a rebuild commits. Reads fail at once, without waiting for ioredis to retry,
 * while the connection is down or the boards are known to be incomplete.
 *
 * The caller owns `redis`: close() leaves it open (it is shared with rate limits and caches) and the
 * caller quits it at shutdown. The client must not use ioredis' keyPrefix: SCAN would not apply it,
 * so clear() and a rebuild could not find the keys; the namespace plays that role.
 */
export function createRedisLeaderboardStore(redis: Redis, options: RedisLeaderboardStoreOptions): LeaderboardStore {
  const { namespace, applyMarkerTtlMs = DEFAULT_APPLY_MARKER_TTL_MS, rebuildLockTtlMs = DEFAULT_REBUILD_LOCK_TTL_MS } = options;
  if (namespace === '') throw new RangeError('namespace must not be empty');
  for (const [name, value] of Object.entries({ applyMarkerTtlMs, rebuildLockTtlMs })) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`${name} must be a whole number > 0, got ${value}`);
  }
  if (redis.options.keyPrefix) throw new Error('the leaderboard store needs a Redis client without keyPrefix');

  const scripts = Object.fromEntries(
    Object.entries(COMMANDS).map(([use, { name, lua }]) => {
      redis.defineCommand(name, { lua });
      return [use, ((redis as unknown as Record<string, Script>)[name] as Script).bind(redis)];
    }),
  ) as Record<keyof typeof COMMANDS, Script>;
  const applyScript = scripts.apply as unknown as ApplyScript;
  const keyOf = (key: string): string => `${namespace}:${key}`;
  const completeKey = keyOf('boards:complete');
  const lockKey = keyOf('boards:rebuilding');

  /** Down from a dropped connection until ioredis is ready again (before the first connection, commands queue). */
  let disconnected = false;
  /** What this process last learned: reads refuse unless the boards were last seen complete. */
  let knownComplete = false;
  const reconnectListeners: Array<() => void> = [];
  const onClose = () => {
    disconnected = true;
    knownComplete = false;
  };
  const onReady = () => {
    disconnected = false;
    for (const listener of reconnectListeners) listener();
  };
  redis.on('close', onClose);
  redis.on('ready', onReady);

  /** Runs a command, failing fast while Redis is away, and turning a connection failure into a dependency failure. */
  async function command<T>(run: () => Promise<T>): Promise<T> {
    if (disconnected) throw leaderboardUnavailable();
    try {
      return await run();
    } catch (err) {
      throw isDependencyFailure(err) ? leaderboardUnavailable(err) : err;
    }
  }

  /** A read: refused as well while the boards are known to be incomplete. */
  function read<T>(run: () => Promise<T>): Promise<T> {
    if (!knownComplete) return Promise.reject(leaderboardUnavailable());
    return command(run);
  }

  async function isComplete(): Promise<boolean> {
    knownComplete = (await command(() => scripts.isComplete(1, completeKey))) === 1;
    return knownComplete;
  }

  async function applyAll(applies: readonly LeaderboardApply[]): Promise<boolean[]> {
    for (const { applyId, deltas } of applies) assertApply(applyId, deltas);
    if (applies.length === 0) return [];
    const keys = [completeKey];
    const args = [String(applyMarkerTtlMs), String(applies.length)];
    for (const { applyId, member, deltas } of applies) {
      keys.push(keyOf(`applied:${applyId}`), ...deltas.map((d) => keyOf(d.key)));
      args.push(member, String(deltas.length));
      for (const d of deltas) args.push(String(d.delta), d.expireAt === undefined ? '' : String(d.expireAt));
    }
    const applied = await command(() => applyScript(keys.length, ...keys, ...args));
    // The script saw the marker, or saw it missing: either way this process now knows.
    knownComplete = applied !== -1;
    if (!Array.isArray(applied)) throw leaderboardUnavailable();
    return applied.map((one) => one === 1);
  }

  /** The live board keys: everything under the namespace but the store's bookkeeping. */
  async function liveBoardKeys(): Promise<string[]> {
    const bookkeeping = RESERVED_KEY_PREFIXES.map(keyOf);
    return (await scanNamespace()).filter((key) => !bookkeeping.some((prefix) => key.startsWith(prefix)));
  }

  async function scanNamespace(): Promise<string[]> {
    const match = `${escapeGlob(namespace)}:*`;
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', match, 'COUNT', SCAN_COUNT);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  }

  function rebuildHandle(token: string): LeaderboardRebuild {
    const staged = new Map<string, number | undefined>();
    // The live boards, listed while the caller reads its source: no apply can add one until the
    // commit (they are refused from beginRebuild on), so the list is still right then, and the scan of
    // a keyspace full of apply markers is off the rebuild's path.
    const liveAtStart = command(liveBoardKeys);
    liveAtStart.catch(() => undefined);
    const stagingKey = (key: string) => keyOf(`rebuild:${token}:${key}`);
    let settled = false;
    // The lock outlives a crashed process by at most its TTL; a running rebuild keeps it alive.
    const renewal = setInterval(
      () => {
        void command(() => scripts.renewLock(1, lockKey, token, String(rebuildLockTtlMs))).catch(() => undefined);
      },
      Math.max(1, Math.floor(rebuildLockTtlMs / 3)),
    );
    renewal.unref();
    const finish = async (): Promise<void> => {
      settled = true;
      clearInterval(renewal);
    };
    const dropStaged = async (): Promise<void> => {
      if (staged.size > 0) await command(() => redis.unlink(...[...staged.keys()].map(stagingKey))).catch(() => undefined);
    };

    return {
      async put(key, members, expireAt) {
        assertPut(key, members, expireAt);
        if (settled) throw new Error('this rebuild is over');
        if (members.length === 0) return;
        const temp = stagingKey(key);
        // One pipeline for the whole set: the chunks travel back to back instead of a round trip each,
        // and the staging key commits or vanishes whole, so no chunk needs a transaction of its own.
        const write = redis.pipeline();
        for (let i = 0; i < members.length; i += REBUILD_CHUNK) {
          const args: string[] = [];
          for (const m of members.slice(i, i + REBUILD_CHUNK)) args.push(String(m.score), m.member);
          write.zadd(temp, ...args);
        }
        write.pexpire(temp, REBUILD_TEMP_TTL_MS);
        await command(() => execOrThrow(write));
        staged.set(key, expireAt);
      },

      async putSum(key, sources, expireAt) {
        assertPutSum(key, sources, expireAt);
        if (settled) throw new Error('this rebuild is over');
        const present = sources.filter((source) => staged.has(source));
        if (present.length === 0) return;
        const temp = stagingKey(key);
        const write = redis
          .pipeline()
          .zunionstore(temp, present.length, ...present.map(stagingKey))
          .pexpire(temp, REBUILD_TEMP_TTL_MS);
        const [[, members]] = await command(() => execOrThrow(write));
        // An empty union writes no key, and the commit takes a missing staged key for a flush.
        if (members !== 0) staged.set(key, expireAt);
      },

      async markApplied(applyIds) {
        if (settled) throw new Error('this rebuild is over');
        // Written straight to the live markers: every apply is refused until the commit anyway.
        const slices: Array<Promise<number>> = [];
        for (let i = 0; i < applyIds.length; i += REBUILD_CHUNK) {
          const markers = applyIds.slice(i, i + REBUILD_CHUNK).map((applyId) => keyOf(`applied:${applyId}`));
          slices.push(command(() => scripts.markApplied(markers.length, ...markers, String(applyMarkerTtlMs))));
        }
        await Promise.all(slices);
      },

      async commit() {
        if (settled) throw new Error('this rebuild is over');
        try {
          const targets = [...staged.keys()];
          const stale = (await liveAtStart).filter((key) => !staged.has(key.slice(namespace.length + 1)));
          const keys = [lockKey, completeKey, ...targets.flatMap((key) => [stagingKey(key), keyOf(key)]), ...stale];
          const expiries = targets.map((key) => String(staged.get(key) ?? ''));
          const committed = (await command(() => scripts.commitRebuild(keys.length, ...keys, token, String(targets.length), ...expiries))) === 1;
          if (committed) knownComplete = true;
          else await dropStaged();
          return committed;
        } finally {
          await finish();
        }
      },

      async abort() {
        if (settled) return;
        await finish();
        await dropStaged();
        await command(() => scripts.releaseLock(1, lockKey, token)).catch(() => undefined);
      },
    };
  }

  return {
    async apply(applyId, member, deltas) {
      const [applied] = await applyAll([{ applyId, member, deltas }]);
      return applied!;
    },

    applyAll,

    async remove(key, member) {
      assertKey(key);
      return (await command(() => redis.zrem(keyOf(key), member))) === 1;
    },

    async top(key, count) {
      assertKey(key);
      assertCount(count);
      // ZREVRANGE 0 -1 would mean "everything".
      if (count === 0) return [];
      return toScoredMembers(await read(() => redis.zrevrange(keyOf(key), 0, count - 1, 'WITHSCORES')));
    },

    async score(key, member) {
      assertKey(key);
      const score = await read(() => redis.zscore(keyOf(key), member));
      return score === null ? null : Number(score);
    },

    async rank(key, member) {
      assertKey(key);
      return read(() => redis.zrevrank(keyOf(key), member));
    },

    async between(key, minExclusive, maxExclusive) {
      assertKey(key);
      assertBounds(minExclusive, maxExclusive);
      const flat = await read(() => redis.zrevrangebyscore(keyOf(key), exclusiveBound(maxExclusive), exclusiveBound(minExclusive), 'WITHSCORES'));
      return toScoredMembers(flat);
    },

    isComplete,

    async beginRebuild() {
      const token = randomUUID();
      const began = await command(() => scripts.beginRebuild(2, lockKey, completeKey, token, String(rebuildLockTtlMs)));
      if (began !== 1) return null;
      knownComplete = false;
      return rebuildHandle(token);
    },

    onReconnect(listener) {
      reconnectListeners.push(listener);
    },

    async clear() {
      knownComplete = false;
      const keys = await command(scanNamespace);
      for (let i = 0; i < keys.length; i += REBUILD_CHUNK) await command(() => redis.unlink(...keys.slice(i, i + REBUILD_CHUNK)));
    },

    async isReady() {
      try {
        return await isComplete();
      } catch {
        return false;
      }
    },

    async close() {
      // The caller owns the client (see above); only this store's listeners go.
      redis.off('close', onClose);
      redis.off('ready', onReady);
    },
  };
}
