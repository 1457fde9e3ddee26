/** `limit` logs at once, then back at `limit` per `windowMs` (kit's token bucket). */
export interface VelocityLimit {
  limit: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;

/** What a log request takes from: every log from `logs`, a bulk entry from `bulk` as well. */
export interface VelocityLimits {
  logs: VelocityLimit;
  bulk: VelocityLimit;
}

export type LogKind = keyof VelocityLimits;

/** A broker's logging from one account: see docs/decisions.md ("Velocity limits on logging"). */
export const DEFAULT_VELOCITY_LIMITS: VelocityLimits = {
  logs: { limit: 60, windowMs: MINUTE_MS },
  bulk: { limit: 20, windowMs: 10 * MINUTE_MS },
};

/** The buckets a request of this kind takes from: a bulk entry is a log too. */
export const bucketsOf = (kind: LogKind): LogKind[] => (kind === 'bulk' ? ['logs', 'bulk'] : ['logs']);
