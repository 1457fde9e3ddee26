import { randomUUID } from 'node:crypto';
import type { ChainableCommander } from 'ioredis';
import { redisReady, type Redis } from '@warriors/kit';
import {
  DEFAULT_APPLY_MARKER_TTL_MS,
  assertApply,
  assertBounds,
  assertCount,
  assertKey,
  assertReplace,
} from './leaderboard-input';
import type { LeaderboardStore, ScoredMember } from './leaderboard-store.port';

export interface RedisLeaderboardStoreOptions {
  /** Prefix of every key this store writes; clear() removes everything under it. */
  namespace: string;
  applyMarkerTtlMs?: number;
}

/*
 * One script so that the marker and every increment land together: no other client can observe (or
 * repeat) half an apply. KEYS[1] is the marker, KEYS[2..] the sets; ARGV[1] the marker TTL, ARGV[2]
 * the member, then a (delta, expireAt or '') pair per set.
 * "No expireAt" means the key is never dropped, which is the latest possible expiry, so it wins
 * (PERSIST). Otherwise PEXPIREAT ... GT only ever pushes an expiry later and leaves a key without one
 * alone; a key this very call created has no expiry yet, so it gets the plain PEXPIREAT. An expiry
 * already in the past deletes the key at once, as PEXPIREAT does.
 */
const APPLY_SCRIPT = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then return 0 end
for i = 2, #KEYS do
  local key, expireAt = KEYS[i], ARGV[2 * i]
  local existed = redis.call('EXISTS', key) == 1
  redis.call('ZINCRBY', key, ARGV[2 * i - 1], ARGV[2])
  if expireAt == '' then
    redis.call('PERSIST', key)
  elseif existed then
    redis.call('PEXPIREAT', key, expireAt, 'GT')
  else
    redis.call('PEXPIREAT', key, expireAt)
  end
end
return 1
`;

/** Namespaced so it cannot clash with a command someone else defines on the shared client. */
const APPLY_COMMAND = 'warriorsLeaderboardApply';

type ApplyCommand = Record<typeof APPLY_COMMAND, (...keysThenArgs: [number, ...string[]]) => Promise<number>>;

/** Members per ZADD while rebuilding, so a 100k-member set never becomes one huge command. */
const REPLACE_CHUNK = 1000;
/** A half-built replacement left by a crashed process must not stay forever. */
const REPLACE_TEMP_TTL_MS = 10 * 60 * 1000;
const SCAN_COUNT = 1000;

/** Redis parses "(1e+21" and "(-inf" but not JavaScript's "Infinity". */
function exclusiveBound(value: number): string {
  if (value === Infinity) return '(+inf';
  if (value === -Infinity) return '(-inf';
  return `(${value}`;
}

/** MULTI reports a failed command in its result list instead of rejecting. */
async function execOrThrow(transaction: ChainableCommander): Promise<void> {
  const results = await transaction.exec();
  if (results === null) throw new Error('Redis transaction was aborted');
  const failure = results.find(([error]) => error !== null)?.[0];
  if (failure) throw failure;
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
 * The caller owns `redis`: close() leaves it open (it is shared with rate limits and caches) and the
 * caller quits it at shutdown. The client must not use ioredis' keyPrefix: SCAN would not apply it,
 * so clear() could not find the keys; the namespace plays that role.
 */
export function createRedisLeaderboardStore(redis: Redis, options: RedisLeaderboardStoreOptions): LeaderboardStore {
  const { namespace, applyMarkerTtlMs = DEFAULT_APPLY_MARKER_TTL_MS } = options;
  if (namespace === '') throw new RangeError('namespace must not be empty');
  if (!Number.isSafeInteger(applyMarkerTtlMs) || applyMarkerTtlMs <= 0) {
    throw new RangeError(`applyMarkerTtlMs must be a whole number > 0, got ${applyMarkerTtlMs}`);
  }
  if (redis.options.keyPrefix) throw new Error('the leaderboard store needs a Redis client without keyPrefix');

  redis.defineCommand(APPLY_COMMAND, { lua: APPLY_SCRIPT });
  const applyCommand = (redis as unknown as ApplyCommand)[APPLY_COMMAND].bind(redis);
  const keyOf = (key: string): string => `${namespace}:${key}`;

  return {
    async apply(applyId, member, deltas) {
      assertApply(applyId, deltas);
      const keys = deltas.map((d) => keyOf(d.key));
      const pairs = deltas.flatMap((d) => [String(d.delta), d.expireAt === undefined ? '' : String(d.expireAt)]);
      const applied = await applyCommand(
        1 + keys.length,
        `${namespace}:applied:${applyId}`,
        ...keys,
        String(applyMarkerTtlMs),
        member,
        ...pairs,
      );
      return applied === 1;
    },

    async top(key, count) {
      assertKey(key);
      assertCount(count);
      // ZREVRANGE 0 -1 would mean "everything".
      if (count === 0) return [];
      return toScoredMembers(await redis.zrevrange(keyOf(key), 0, count - 1, 'WITHSCORES'));
    },

    async score(key, member) {
      assertKey(key);
      const score = await redis.zscore(keyOf(key), member);
      return score === null ? null : Number(score);
    },

    async rank(key, member) {
      assertKey(key);
      return redis.zrevrank(keyOf(key), member);
    },

    async between(key, minExclusive, maxExclusive) {
      assertKey(key);
      assertBounds(minExclusive, maxExclusive);
      const flat = await redis.zrevrangebyscore(keyOf(key), exclusiveBound(maxExclusive), exclusiveBound(minExclusive), 'WITHSCORES');
      return toScoredMembers(flat);
    },

    async replace(key, members, expireAt) {
      assertReplace(key, members, expireAt);
      const target = keyOf(key);
      if (members.length === 0) {
        await redis.unlink(target);
        return;
      }
      // Readers keep seeing the old set until the RENAME swaps the finished one in.
      const temp = `${namespace}:replacing:${randomUUID()}`;
      for (let i = 0; i < members.length; i += REPLACE_CHUNK) {
        const args = members.slice(i, i + REPLACE_CHUNK).flatMap((m) => [String(m.score), m.member]);
        await execOrThrow(redis.multi().zadd(temp, ...args).pexpire(temp, REPLACE_TEMP_TTL_MS));
      }
      // RENAME carries the temp key's safety TTL over, so the expiry is always set (or removed) after it.
      const swap = redis.multi().rename(temp, target);
      await execOrThrow(expireAt === undefined ? swap.persist(target) : swap.pexpireat(target, expireAt));
    },

    async clear() {
      const match = `${escapeGlob(namespace)}:*`;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', SCAN_COUNT);
        if (keys.length > 0) await redis.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
    },

    isReady: () => redisReady(redis),

    async close() {
      // The caller owns the client (see above).
    },
  };
}
