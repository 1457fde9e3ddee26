import { runServiceProcess } from '@warriors/kit';
import { SocialProcessEnv, vapidKeys } from './config';
import type { SocketLimits } from './live/socket-hub';
import type { PushSettings } from './use-cases/push';
import { createSocialService } from './service';

void runServiceProcess<{ socketLimits: Partial<SocketLimits>; nudgesPerMinute: number; push: PushSettings }, typeof SocialProcessEnv>('social', createSocialService, {
  env: SocialProcessEnv,
  extraPorts: (config) => ({
    ports: {
      socketLimits: {
        heartbeatMs: config.SOCIAL_HEARTBEAT_MS,
        maxBufferedBytes: config.SOCIAL_SOCKET_BUFFER_BYTES,
        maxPerAccount: config.SOCIAL_SOCKETS_PER_ACCOUNT,
        maxSockets: config.SOCIAL_MAX_SOCKETS,
      },
      nudgesPerMinute: config.SOCIAL_NUDGES_PER_MINUTE,
      push: { keys: vapidKeys(config) },
    },
    close: async () => undefined,
  }),
});
