// k6 scenario: brokers signing up and reading their profile through the gateway.
// Run with a k6 that understands TypeScript: `k6 run k6/auth.ts -e BASE_URL=http://localhost:8080`
import http from 'k6/http';
import { check } from 'k6';
import type { Options } from 'k6/options';

const BASE_URL = __ENV.BASE_URL ?? 'http://localhost:8080';

export const options: Options = {
  scenarios: {
    signups: { executor: 'constant-arrival-rate', rate: 10, timeUnit: '1s', duration: '30s', preAllocatedVUs: 20 },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:me}': ['p(99)<150'],
  },
};

const json = { headers: { 'content-type': 'application/json' } };

export default function signUpAndReadMe(): void {
  const email = `k6.${__VU}.${__ITER}.${Date.now()}@example.com`;
  const signup = http.post(`${BASE_URL}/api/signup`, JSON.stringify({ name: 'Load Tester', email, password: 'load-test-password', focus_area: 'investor', timezone: 'UTC' }), {
    ...json,
    tags: { name: 'signup' },
  });
  check(signup, { 'signed up': (r) => r.status === 201 });
  const token = signup.json('access_token') as string;
  const me = http.get(`${BASE_URL}/api/me`, { headers: { authorization: `Bearer ${token}` }, tags: { name: 'me' } });
  check(me, { 'read me': (r) => r.status === 200 });
}
