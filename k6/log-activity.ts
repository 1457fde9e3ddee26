// k6 scenario: brokers logging activities at a steady 500 per second, each with its own token.
// `k6 run k6/log-activity.ts -e BASE_URL=http://localhost:8080`
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import type { Options } from 'k6/options';

const BASE_URL = __ENV.BASE_URL ?? 'http://localhost:8080';
const WARRIORS = Number(__ENV.WARRIORS ?? 200);
const TYPES = ['cold_call', 'email', 'doorknock', 'social_media', 'direct_mail'];
const json = { 'content-type': 'application/json' };

export const options: Options = {
  scenarios: {
    logging: { executor: 'constant-arrival-rate', rate: 500, timeUnit: '1s', duration: '30s', preAllocatedVUs: 100, maxVUs: 300 },
  },
  thresholds: {
    http_req_failed: ['rate<0.001'],
    'http_req_duration{name:log}': ['p(99)<150'],
    dropped_iterations: ['count<150'],
  },
};

export function setup(): { tokens: string[] } {
  const tokens: string[] = [];
  for (let i = 0; i < WARRIORS; i++) {
    const res = http.post(
      `${BASE_URL}/api/signup`,
      JSON.stringify({ name: `K6 Warrior ${i}`, email: `k6.${Date.now()}.${i}@example.com`, password: 'load-test-password', focus_area: 'tenant_rep', timezone: 'UTC' }),
      { headers: json },
    );
    tokens.push(res.json('access_token') as string);
  }
  return { tokens };
}

export default function logOne(data: { tokens: string[] }): void {
  const n = exec.scenario.iterationInTest;
  const res = http.post(`${BASE_URL}/api/activity`, JSON.stringify({ activity_type: TYPES[n % TYPES.length] }), {
    headers: { ...json, authorization: `Bearer ${data.tokens[n % data.tokens.length]}`, 'idempotency-key': `k6-${exec.vu.idInTest}-${n}` },
    tags: { name: 'log' },
  });
  check(res, { 'logged 201': (r) => r.status === 201 });
}
