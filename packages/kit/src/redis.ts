import { Redis } from 'ioredis';
import { z } from 'zod';

export type { Redis };

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface SentinelAddress {
  host: string;
  port: number;
}

/** Where a process finds Redis: one server, or the primary that a group of sentinels names. */
export type RedisTarget = { url: string } | { sentinels: SentinelAddress[]; masterName: string };

/** host:port, the host a name, an IPv4 address or a bracketed IPv6 address ([::1]:26379). */
const SENTINEL_ADDRESS = /^(?:\[([0-9A-Fa-f:.]+)\]|([^\s:[\]]+)):(\d{1,5})$/;

/** Parses REDIS_SENTINELS ("host:port,host:port"); throws a RangeError naming the first bad entry. */
export function parseSentinels(list: string): SentinelAddress[] {
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new RangeError('lists no sentinel: expected host:port,host:port,...');
  return entries.map((entry) => {
    const match = SENTINEL_ADDRESS.exec(entry);
    const port = Number(match?.[3]);
    if (!match || port < 1 || port > 65535) throw new RangeError(`${JSON.stringify(entry)} is not host:port (a port from 1 to 65535)`);
    return { host: match[1] ?? match[2]!, port };
  });
}

/** An empty variable (`REDIS_URL=`) counts as unset. */
const optionalText = z
  .string()
  .optional()
  .transform((text) => text || undefined);

/**
 * The Redis variables of every process that uses Redis. REDIS_URL names one server; REDIS_SENTINELS
 * with REDIS_SENTINEL_MASTER name a Sentinel-monitored primary instead (they go together, and not
 * with REDIS_URL: one process, one Redis). Neither: the local server at DEFAULT_REDIS_URL.
 */
export const redisEnvShape = {
  REDIS_URL: optionalText,
  REDIS_SENTINELS: z
    .string()
    .optional()
    .transform((list, ctx) => {
      if (!list) return undefined;
      try {
        return parseSentinels(list);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  REDIS_SENTINEL_MASTER: optionalText,
};

export interface RedisEnv {
  REDIS_URL?: string;
  REDIS_SENTINELS?: SentinelAddress[];
  REDIS_SENTINEL_MASTER?: string;
}

/** The cross-variable rules of redisEnvShape, for an object schema's superRefine. */
export function checkRedisEnv(env: RedisEnv, ctx: z.RefinementCtx): void {
  const problem = (path: keyof RedisEnv, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (env.REDIS_SENTINELS && !env.REDIS_SENTINEL_MASTER) problem('REDIS_SENTINEL_MASTER', 'is required with REDIS_SENTINELS (the monitored primary’s name)');
  if (env.REDIS_SENTINEL_MASTER && !env.REDIS_SENTINELS) problem('REDIS_SENTINELS', 'is required with REDIS_SENTINEL_MASTER (host:port,host:port,...)');
  if (env.REDIS_URL && (env.REDIS_SENTINELS || env.REDIS_SENTINEL_MASTER)) {
    problem('REDIS_URL', 'cannot be set with REDIS_SENTINELS/REDIS_SENTINEL_MASTER: the sentinels name the primary');
  }
}

/** The target a checked environment names. */
export function redisTargetOf(env: RedisEnv): RedisTarget {
  if (env.REDIS_SENTINELS && env.REDIS_SENTINEL_MASTER) return { sentinels: env.REDIS_SENTINELS, masterName: env.REDIS_SENTINEL_MASTER };
  return { url: env.REDIS_URL ?? DEFAULT_REDIS_URL };
}

/** How long a sentinel may take to name the primary before the next one is asked (one on a hung host answers never). */
const SENTINEL_COMMAND_TIMEOUT_MS = 1000;
/** The wait before a client that gave up connecting through its sentinels starts again. */
const RECONNECT_AFTER_END_MS = 500;

/**
 * A Redis client that reconnects by itself and fails commands fast while Redis is away. Commands
 * issued in the same tick (concurrent consumers, concurrent reads) go out in one write: auto-pipelining.
 *
 * Through sentinels, it asks them for the primary at every (re)connection, and drops its connection
 * as soon as they announce a new primary (+switch-master), so that it never keeps writing to a
 * demoted one. Commands in flight at a failover fail (their callers retry); none is replayed blindly.
 */
export function createRedis(target: RedisTarget | string): Redis {
  const common = { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false, enableAutoPipelining: true };
  if (typeof target === 'string') return new Redis(target, common);
  if ('url' in target) return new Redis(target.url, common);
  const redis = new Redis({
    ...common,
    sentinels: target.sentinels,
    name: target.masterName,
    role: 'master',
    failoverDetector: true,
    sentinelCommandTimeout: SENTINEL_COMMAND_TIMEOUT_MS,
  });
  keepConnecting(redis);
  return redis;
}

/**
 * ioredis ends a sentinel client for good when a failover is announced while it is reconnecting (the
 * announcement cancels the connection attempt under way, and a cancelled attempt is taken for a
 * closing client): after a primary crash, a process could lose Redis until it restarts. A client that
 * ends without its owner closing it (quit or disconnect) connects again, as long as it takes.
 */
function keepConnecting(redis: Redis): void {
  let closedByOwner = false;
  const quit = redis.quit.bind(redis);
  const disconnect = redis.disconnect.bind(redis);
  redis.quit = ((...args: Parameters<typeof quit>) => {
    closedByOwner = true;
    return quit(...args);
  }) as Redis['quit'];
  redis.disconnect = (reconnect?: boolean) => {
    if (!reconnect) closedByOwner = true;
    disconnect(reconnect);
  };
  redis.on('end', () => {
    if (closedByOwner) return;
    const again = setTimeout(() => {
      if (!closedByOwner && redis.status === 'end') redis.connect().catch(() => undefined);
    }, RECONNECT_AFTER_END_MS);
    again.unref();
  });
}

/**
 * Closes a client from createRedis: QUIT lets the replies still due arrive; the disconnect after it
 * also closes the sentinel connections that watch for a failover, which QUIT leaves open (they would
 * keep the process alive).
 */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => undefined);
  redis.disconnect();
}

export async function redisReady(redis: Redis): Promise<boolean> {
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
