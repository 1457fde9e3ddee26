export { createAuthService } from './service';
