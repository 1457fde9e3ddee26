import { runServiceProcess } from '@warriors/kit';
import { CoachingProcessEnv, modelSettings } from './config';
import { createCoachingService } from './service';
import type { ModelSettings } from './use-cases/coach-model';

void runServiceProcess<{ model: ModelSettings }, typeof CoachingProcessEnv>('coaching', createCoachingService, {
  env: CoachingProcessEnv,
  extraPorts: (config) => ({ ports: { model: modelSettings(config) }, close: async () => undefined }),
});
