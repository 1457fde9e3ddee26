import { runServiceProcess } from '@warriors/kit';
import { createCampaignsService, DEFAULT_PORT } from './service';

void runServiceProcess('campaigns', DEFAULT_PORT, createCampaignsService);
