export { createCampaignsService } from './service';
