export { createSocialService, type SocialPorts } from './service';
