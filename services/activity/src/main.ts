import { runServiceProcess } from '@warriors/kit';
import { createActivityService, PRODUCT_EFFECT_SOURCES } from './service';

void runServiceProcess('activity', 4002, (ports) => createActivityService({ ...ports, effectSources: PRODUCT_EFFECT_SOURCES }));
