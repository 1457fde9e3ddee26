import { Redis } from 'ioredis';

export type { Redis };

/** A Redis client that reconnects by itself and fails commands fast while Redis is away. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
}

export async function redisReady(redis: Redis): Promise<boolean> {
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
