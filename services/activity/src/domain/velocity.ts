/**
 * Velocity limits on logging, as token buckets: `limit` logs at once, then back at `limit` per
 * `windowMs` (docs/decisions.md gives the numbers' reasons).
 */
export interface VelocityLimit {
  limit: number;
  windowMs: number;
}

/** Tokens left at `at` (epoch ms). */
export interface Bucket {
  tokens: number;
  at: number;
}

/** What a log request takes from: every log from `logs`, a bulk entry from `bulk` as well. */
export interface VelocityLimits {
  logs: VelocityLimit;
  bulk: VelocityLimit;
}

export type LogKind = keyof VelocityLimits;

const MINUTE_MS = 60_000;

/** A broker's logging from one account: see docs/decisions.md ("Velocity limits on logging"). */
export const DEFAULT_VELOCITY_LIMITS: VelocityLimits = {
  logs: { limit: 60, windowMs: MINUTE_MS },
  bulk: { limit: 20, windowMs: 10 * MINUTE_MS },
};

/**
 * The bucket as it stands at `now`: refilled for the time since it was last touched, never above the
 * limit. A clock stepping back (a pinned test clock, an NTP correction) refills nothing and takes nothing.
 */
export function refilled(bucket: Bucket | undefined, { limit, windowMs }: VelocityLimit, now: number): Bucket {
  if (!bucket) return { tokens: limit, at: now };
  const elapsed = Math.max(0, now - bucket.at);
  return { tokens: Math.min(limit, bucket.tokens + (elapsed * limit) / windowMs), at: bucket.at + elapsed };
}

/** Milliseconds until the bucket holds a whole token again (0 when it holds one now). */
export function waitForToken(bucket: Bucket, { limit, windowMs }: VelocityLimit): number {
  return bucket.tokens >= 1 ? 0 : Math.ceil(((1 - bucket.tokens) * windowMs) / limit);
}

/** Whether a bucket left alone since `bucket.at` is full again at `now` (and so need not be kept). */
export const isFullAgain = (bucket: Bucket, limit: VelocityLimit, now: number): boolean => refilled(bucket, limit, now).tokens >= limit.limit;

const windowText = (windowMs: number) => (windowMs === MINUTE_MS ? 'a minute' : `every ${Math.round(windowMs / MINUTE_MS)} minutes`);
const secondsText = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
};

/** The 429's text: what was limited and when to try again. */
export function velocityMessage(kind: LogKind, limit: VelocityLimit, waitMs: number): string {
  const what = kind === 'bulk' ? 'bulk entries' : 'activities logged';
  return `Too many ${what} in a short time (at most ${limit.limit} ${windowText(limit.windowMs)}). Please try again in ${secondsText(waitMs)}.`;
}
