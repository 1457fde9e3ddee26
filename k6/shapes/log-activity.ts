// Brokers logging activities at a steady 500 per second, each with its own token: the setup signs up
// `warriors` brokers, then iteration n logs TYPES[n % 5] for warrior n % warriors with its own Idempotency-Key.
import { LOAD_TEST_PASSWORD, type ShapeOptions, type ShapeRoute } from './shape.ts';

const TYPES = ['cold_call', 'email', 'doorknock', 'social_media', 'direct_mail'];

export const logActivityShape = {
  options: {
    scenarios: {
      logging: { executor: 'constant-arrival-rate', rate: 500, timeUnit: '1s', duration: '30s', preAllocatedVUs: 100, maxVUs: 300 },
    },
    thresholds: {
      http_req_failed: ['rate<0.001'],
      'http_req_duration{name:log}': ['p(99)<150'],
      dropped_iterations: ['count<150'],
    },
  } satisfies ShapeOptions,
  /** `signup` runs in the setup only, once per warrior. */
  routes: {
    signup: { method: 'POST', path: '/api/signup' },
    log: { method: 'POST', path: '/api/activity' },
  } satisfies Record<string, ShapeRoute>,
  defaultWarriors: 200,
  signupBody: (i: number, email: string) => ({ name: `K6 Warrior ${i}`, email, password: LOAD_TEST_PASSWORD, focus_area: 'tenant_rep', timezone: 'UTC' }),
  logBody: (n: number) => ({ activity_type: TYPES[n % TYPES.length] }),
};
