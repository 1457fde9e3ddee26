import { Redis } from 'ioredis';

export type { Redis };

/**
 * A Redis client that reconnects by itself and fails commands fast while Redis is away. Commands
 * issued in the same tick (concurrent consumers, concurrent reads) go out in one write: auto-pipelining.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false, enableAutoPipelining: true });
}

export async function redisReady(redis: Redis): Promise<boolean> {
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
