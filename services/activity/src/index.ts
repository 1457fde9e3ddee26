export { createActivityService, DEFAULT_EFFECTS_WAIT_MS, type ActivityServiceOptions } from './service';
export { ActivityProcessEnv, velocityLimitsOf } from './config';
