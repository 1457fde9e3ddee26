/**
 * A per-user limit as a token bucket: `limit` actions at once, then back at `limit` per `windowMs`.
 * Pure rules over numbers; the limiter keeps the buckets and the clock.
 */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Tokens left at `at` (epoch ms). */
export interface Bucket {
  tokens: number;
  at: number;
}

export const MINUTE_MS = 60_000;

/**
 * The bucket as it stands at `now`: refilled for the time since it was last touched, never above the
 * limit. A clock stepping back (a pinned test clock, an NTP correction) refills nothing and takes nothing.
 */
export function refilled(bucket: Bucket | undefined, { limit, windowMs }: RateLimit, now: number): Bucket {
  if (!bucket) return { tokens: limit, at: now };
  const elapsed = Math.max(0, now - bucket.at);
  return { tokens: Math.min(limit, bucket.tokens + (elapsed * limit) / windowMs), at: bucket.at + elapsed };
}

/** Milliseconds until the bucket holds a whole token again (0 when it holds one now). */
export function waitForToken(bucket: Bucket, { limit, windowMs }: RateLimit): number {
  return bucket.tokens >= 1 ? 0 : Math.ceil(((1 - bucket.tokens) * windowMs) / limit);
}

/** Whether a bucket left alone since `bucket.at` is full again at `now` (and so need not be kept). */
export const isFullAgain = (bucket: Bucket, limit: RateLimit, now: number): boolean => refilled(bucket, limit, now).tokens >= limit.limit;

/** "a minute", "every 10 minutes", "an hour": the window as a 429's text says it. */
export function windowText(windowMs: number): string {
  if (windowMs === MINUTE_MS) return 'a minute';
  if (windowMs === 60 * MINUTE_MS) return 'an hour';
  if (windowMs % (60 * MINUTE_MS) === 0) return `every ${windowMs / (60 * MINUTE_MS)} hours`;
  return `every ${Math.round(windowMs / MINUTE_MS)} minutes`;
}

/** "1 second", "30 seconds": a wait as a 429's text says it, never less than a second. */
export function secondsText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/**
 * "30 seconds", "12 minutes": a wait as a 429's text says it. Seconds up to two minutes, then whole
 * minutes rounded up (an hourly limit's wait in seconds would read "720 seconds").
 */
export function waitText(ms: number): string {
  if (ms <= 2 * MINUTE_MS) return secondsText(ms);
  return `${Math.ceil(ms / MINUTE_MS)} minutes`;
}

/** Whole seconds for `Retry-After`, never 0. */
export const retryAfterSeconds = (waitMs: number): number => Math.max(1, Math.ceil(waitMs / 1000));
