// k6 scenario: brokers logging activities at a steady 500 per second, each with its own token (shape: shapes/log-activity.ts).
// `k6 run k6/log-activity.ts -e BASE_URL=http://localhost:8080` (see k6/README.md)
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import type { Options } from 'k6/options';
import { logActivityShape } from './shapes/log-activity.ts';

const BASE_URL = __ENV.BASE_URL ?? 'http://localhost:8080';
const WARRIORS = Number(__ENV.WARRIORS ?? logActivityShape.defaultWarriors);
const { signup, log } = logActivityShape.routes;
const json = { 'content-type': 'application/json' };

export const options: Options = logActivityShape.options;

export function setup(): { tokens: string[] } {
  const tokens: string[] = [];
  for (let i = 0; i < WARRIORS; i++) {
    const email = `k6.${Date.now()}.${i}@example.com`;
    const res = http.request(signup.method, `${BASE_URL}${signup.path}`, JSON.stringify(logActivityShape.signupBody(i, email)), { headers: json, tags: { name: 'signup' } });
    tokens.push(res.json('access_token') as string);
  }
  return { tokens };
}

export default function logOne(data: { tokens: string[] }): void {
  const n = exec.scenario.iterationInTest;
  const res = http.request(log.method, `${BASE_URL}${log.path}`, JSON.stringify(logActivityShape.logBody(n)), {
    headers: { ...json, authorization: `Bearer ${data.tokens[n % data.tokens.length]}`, 'idempotency-key': `k6-${exec.vu.idInTest}-${n}` },
    tags: { name: 'log' },
  });
  check(res, { 'logged 201': (r) => r.status === 201 });
}
