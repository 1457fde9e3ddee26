import { z } from 'zod';
import { ServiceProcessEnv } from '@warriors/kit';
import { DEFAULT_SOCKET_LIMITS } from './live/socket-hub';
import { DEFAULT_NUDGES_PER_MINUTE } from './use-cases/send-nudge.use-case';

/** The social process reads the service settings plus its live socket's limits (per socket, per account, per process) and the nudge rate. */
export const SocialProcessEnv = ServiceProcessEnv.extend({
  SOCIAL_HEARTBEAT_MS: z.coerce.number().int().positive().default(DEFAULT_SOCKET_LIMITS.heartbeatMs),
  SOCIAL_SOCKET_BUFFER_BYTES: z.coerce.number().int().positive().default(DEFAULT_SOCKET_LIMITS.maxBufferedBytes),
  SOCIAL_SOCKETS_PER_ACCOUNT: z.coerce.number().int().positive().default(DEFAULT_SOCKET_LIMITS.maxPerAccount),
  SOCIAL_MAX_SOCKETS: z.coerce.number().int().positive().default(DEFAULT_SOCKET_LIMITS.maxSockets),
  SOCIAL_NUDGES_PER_MINUTE: z.coerce.number().int().positive().default(DEFAULT_NUDGES_PER_MINUTE),
});
export type SocialProcessEnv = z.infer<typeof SocialProcessEnv>;
