// k6 scenario: brokers signing up and reading their profile through the gateway (shape: shapes/auth.ts).
// `k6 run k6/auth.ts -e BASE_URL=http://localhost:8080` (see k6/README.md)
import http from 'k6/http';
import { check } from 'k6';
import type { Options } from 'k6/options';
import { authShape } from './shapes/auth.ts';

const BASE_URL = __ENV.BASE_URL ?? 'http://localhost:8080';
const { signup, me } = authShape.routes;

export const options: Options = authShape.options;

const json = { headers: { 'content-type': 'application/json' } };

export default function signUpAndReadMe(): void {
  const email = `k6.${__VU}.${__ITER}.${Date.now()}@example.com`;
  const signedUp = http.request(signup.method, `${BASE_URL}${signup.path}`, JSON.stringify(authShape.signupBody(email)), { ...json, tags: { name: 'signup' } });
  check(signedUp, { 'signed up': (r) => r.status === 201 });
  const token = signedUp.json('access_token') as string;
  const read = http.request(me.method, `${BASE_URL}${me.path}`, null, { headers: { authorization: `Bearer ${token}` }, tags: { name: 'me' } });
  check(read, { 'read me': (r) => r.status === 200 });
}
