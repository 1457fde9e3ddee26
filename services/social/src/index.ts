export { createSocialService, type SocialPorts } from './service';
export { PushEnvShape, checkVapidEnv, vapidKeys } from './config';
export type { VapidKeys } from './use-cases/push-sender';
