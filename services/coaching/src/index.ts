export { createCoachingService, type CoachingPorts } from './service';
export type { ModelSettings } from './use-cases/coach-model';
export { ModelEnv, modelSettings } from './config';
