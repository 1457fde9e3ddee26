export { createActivityService, DEFAULT_EFFECTS_WAIT_MS, PRODUCT_EFFECT_SOURCES, type ActivityServiceOptions } from './service';
