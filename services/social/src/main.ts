import { runServiceProcess } from '@warriors/kit';
import { SocialProcessEnv } from './config';
import { createSocialService } from './service';

void runServiceProcess<{ socketLimits: { heartbeatMs: number; maxBufferedBytes: number }; nudgesPerMinute: number }, typeof SocialProcessEnv>('social', createSocialService, {
  env: SocialProcessEnv,
  extraPorts: (config) => ({
    ports: {
      socketLimits: { heartbeatMs: config.SOCIAL_HEARTBEAT_MS, maxBufferedBytes: config.SOCIAL_SOCKET_BUFFER_BYTES },
      nudgesPerMinute: config.SOCIAL_NUDGES_PER_MINUTE,
    },
    close: async () => undefined,
  }),
});
