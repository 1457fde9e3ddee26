import { runServiceProcess } from '@warriors/kit';
import { createActivityService } from './service';

void runServiceProcess('activity', 4002, createActivityService);
