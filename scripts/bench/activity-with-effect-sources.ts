// The activity service as its main.ts starts it, except that BENCH_EFFECT_SOURCES (comma-separated,
// possibly empty) names the services a log waits for, in place of the registry's answersLogEffects
// list. The bench detaches a consumer by stopping its service; the product without that consumer would
// not wait for its answer either, so activity is restarted without it for the detached runs. Unset, it
// is the registry's list, as in the product.
import { effectSourcesOf, loadServiceRegistry, runServiceProcess } from '@warriors/kit';
import { ActivityProcessEnv, createActivityService, velocityLimitsOf } from '@warriors/activity';

const listed = process.env.BENCH_EFFECT_SOURCES;
const effectSources = listed === undefined ? effectSourcesOf(loadServiceRegistry()) : listed.split(',').filter(Boolean);

void runServiceProcess('activity', (ports) => createActivityService({ ...ports, effectSources }), {
  env: ActivityProcessEnv,
  extraPorts: (config) => ({ ports: { velocityLimits: velocityLimitsOf(config), effectsWaitMs: config.ACTIVITY_EFFECTS_WAIT_MS }, close: async () => undefined }),
});
