import { runServiceProcess } from '@warriors/kit';
import { createCampaignsService } from './service';

void runServiceProcess('campaigns', createCampaignsService);
