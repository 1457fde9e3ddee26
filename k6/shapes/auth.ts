// Brokers signing up and reading their profile: one iteration is a sign-up, then GET /api/me with its token.
import { LOAD_TEST_PASSWORD, type ShapeOptions, type ShapeRoute } from './shape.ts';

export const authShape = {
  options: {
    scenarios: {
      signups: { executor: 'constant-arrival-rate', rate: 10, timeUnit: '1s', duration: '30s', preAllocatedVUs: 20 },
    },
    thresholds: {
      http_req_failed: ['rate<0.01'],
      'http_req_duration{name:me}': ['p(99)<150'],
    },
  } satisfies ShapeOptions,
  routes: {
    signup: { method: 'POST', path: '/api/signup' },
    me: { method: 'GET', path: '/api/me' },
  } satisfies Record<string, ShapeRoute>,
  signupBody: (email: string) => ({ name: 'Load Tester', email, password: LOAD_TEST_PASSWORD, focus_area: 'investor', timezone: 'UTC' }),
};
