import type { Redis } from 'ioredis';

/** Keys deleted per UNLINK: a namespace holds hundreds of thousands of apply markers after a bench. */
const UNLINK_SLICE = 1000;

/**
 * Deletes every key matching `pattern`, found by SCAN and unlinked in slices: spreading all of them into
 * one call overflows the call stack once a load has left enough markers behind.
 */
export async function deleteKeysMatching(redis: Redis, pattern: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', UNLINK_SLICE);
    for (let from = 0; from < keys.length; from += UNLINK_SLICE) deleted += await redis.unlink(...keys.slice(from, from + UNLINK_SLICE));
    cursor = next;
  } while (cursor !== '0');
  return deleted;
}
