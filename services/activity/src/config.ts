import { z } from 'zod';
import { ServiceProcessEnv } from '@warriors/kit';
import { DEFAULT_VELOCITY_LIMITS, type VelocityLimits } from './domain/velocity';
import { DEFAULT_EFFECTS_WAIT_MS } from './service';

const perUser = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The activity process reads the service settings plus its velocity limits (per user, per instance) and how long a log waits for its effects. */
export const ActivityProcessEnv = ServiceProcessEnv.extend({
  ACTIVITY_LOGS_PER_MINUTE: perUser(DEFAULT_VELOCITY_LIMITS.logs.limit),
  ACTIVITY_BULK_LOGS_PER_10_MINUTES: perUser(DEFAULT_VELOCITY_LIMITS.bulk.limit),
  ACTIVITY_EFFECTS_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_EFFECTS_WAIT_MS),
});
export type ActivityProcessEnv = z.infer<typeof ActivityProcessEnv>;

export const velocityLimitsOf = (config: ActivityProcessEnv): VelocityLimits => ({
  logs: { ...DEFAULT_VELOCITY_LIMITS.logs, limit: config.ACTIVITY_LOGS_PER_MINUTE },
  bulk: { ...DEFAULT_VELOCITY_LIMITS.bulk, limit: config.ACTIVITY_BULK_LOGS_PER_10_MINUTES },
});
