import { effectSourcesOf, loadServiceRegistry, runServiceProcess } from '@warriors/kit';
import { ActivityProcessEnv, velocityLimitsOf } from './config';
import type { VelocityLimits } from './domain/velocity';
import { createActivityService } from './service';

void runServiceProcess<{ velocityLimits: VelocityLimits; effectsWaitMs: number }, typeof ActivityProcessEnv>(
  'activity',
  // A new service that answers logs is one registry entry: activity waits for every one listed.
  (ports) => createActivityService({ ...ports, effectSources: effectSourcesOf(loadServiceRegistry()) }),
  {
    env: ActivityProcessEnv,
    extraPorts: (config) => ({ ports: { velocityLimits: velocityLimitsOf(config), effectsWaitMs: config.ACTIVITY_EFFECTS_WAIT_MS }, close: async () => undefined }),
  },
);
