export { createCampaignsService, DEFAULT_PORT } from './service';
