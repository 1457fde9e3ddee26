import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc, { type Arbitrary } from 'fast-check';
import { ONE_PIXEL_PNG_DATA_URL, startFakeOpenAI } from '@warriors/test-support';
import { apiClient } from '../api-client';
import { HOSTILE_SEGMENTS, OWNER_EMAIL, OWNER_PASSWORD, fromSchema, hostileValue, percentEncode, queryFromSchema } from './arbitraries';
import { ENDPOINTS, endpointName, type Endpoint, type PathParam } from './catalogue';
import { startStack, type TestStack } from '../stack';

/** Who a request claims to be: nobody, a forged token, one of two real users, a deleted user, or a throwaway user. */
type Caller = 'none' | 'garbage' | 'owner' | 'other' | 'deleted' | 'throwaway';

interface FuzzRequest {
  caller: Caller;
  path: string;
  /** JSON to send, raw text, or nothing. */
  body: { json: unknown } | { raw: string; contentType: string } | null;
  headers: Record<string, string>;
}

/** The users and objects the fuzzer aims at: the owner's campaign and goal, the other user's id. */
export interface FuzzWorld {
  tokens: Record<'owner' | 'other' | 'deleted', string>;
  userIds: string[];
  activityIds: string[];
  campaignIds: number[];
  goalIds: number[];
  challengeIds: number[];
  inviteIds: string[];
  nudgeIds: string[];
  kudosIds: string[];
  recapNoticeIds: string[];
  signupThrowaway(): Promise<string>;
}

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'no answer';

export interface FuzzTotals {
  seed: number;
  runsPerRoute: number;
  routes: number;
  requests: number;
  byClass: Record<StatusClass, number>;
  byRoute: Record<string, Partial<Record<StatusClass, number>>>;
  /** The first few requests answered 5xx or not at all, to reproduce. */
  failures: Array<{ route: string; status: number | string; request: unknown; answer: string }>;
}

const GARBAGE_TOKENS = ['not-a-jwt', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'a'.repeat(5000), 'Bearer', '\u00ff\u00fe'];
const MAX_FAILURES_KEPT = 50;
const ANSWER_TIMEOUT_MS = 15_000;

const statusClass = (status: number): StatusClass => `${Math.floor(status / 100)}xx` as StatusClass;

/** Signs up the users the fuzzer acts as and creates the objects whose ids it aims at. */
export async function prepareWorld(url: string): Promise<FuzzWorld> {
  const api = apiClient(url);
  const signup = async (email = `fuzz.${randomUUID()}@example.com`) => {
    const answer = await api.signup({ email, password: OWNER_PASSWORD });
    if (answer.status !== 201) throw new Error(`fuzz sign-up answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return { token: answer.body.access_token as string, id: answer.body.user.id as string };
  };
  const [owner, other, deleted] = [await signup(OWNER_EMAIL), await signup(), await signup()];
  await api.call('DELETE', '/api/user/delete-account', { token: deleted.token });
  const custom = await api.call('POST', '/api/campaigns', { token: owner.token, body: { name: 'Fuzz target', goals: [{ type: 'email', count: 3 }] } });
  const joined = await api.call('POST', '/api/campaigns/1/join', { token: owner.token });
  const logged = await api.call('POST', '/api/activity', { token: owner.token, body: { activity_type: 'email' } });
  // An upcoming public challenge and a private one that invites the other user (an invite id to aim at).
  const day = 24 * 60 * 60 * 1000;
  const dates = { start_at: new Date(Date.now() + day).toISOString(), end_at: new Date(Date.now() + 8 * day).toISOString() };
  const open = await api.call('POST', '/api/challenges', { token: owner.token, body: { name: 'Fuzz open', ...dates, is_private: false } });
  const closed = await api.call('POST', '/api/challenges', { token: owner.token, body: { name: 'Fuzz private', ...dates, is_private: true, invitees: [other.id] } });
  const invites = await api.call('GET', '/api/challenge-invites', { token: other.token });
  const nudge = await api.call('POST', '/api/nudges', { token: other.token, body: { type: 'props', to_user_id: owner.id } });
  const recapNotices = await api.call('GET', '/api/recap/notices', { token: owner.token });
  // Kudos from the other user on the owner's entry: a kudos id to aim at.
  if (logged.body?.activity?.id) await api.call('POST', `/api/recent-activities/${String(logged.body.activity.id)}/kudos`, { token: other.token });
  const kudos = await api.call('GET', '/api/kudos', { token: owner.token });
  // A picture, so the picture route serves bytes too, not only its 404.
  await api.call('PUT', '/api/settings/profile-picture', { token: owner.token, body: { profile_picture: ONE_PIXEL_PNG_DATA_URL } });
  return {
    tokens: { owner: owner.token, other: other.token, deleted: deleted.token },
    userIds: [owner.id, other.id, deleted.id, randomUUID()],
    activityIds: [String(logged.body?.activity?.id ?? randomUUID()), randomUUID()],
    campaignIds: [1, 10, Number(custom.body?.id ?? 101)],
    goalIds: [Number(joined.body?.user_campaign_id ?? 1), Number(custom.body?.user_campaign_id ?? 2)],
    challengeIds: [Number(open.body?.id ?? 1), Number(closed.body?.id ?? 2)],
    inviteIds: [...(Array.isArray(invites.body) ? invites.body.map((i: { invite_id: string }) => i.invite_id) : []), randomUUID()],
    nudgeIds: [String(nudge.body?.id ?? randomUUID()), randomUUID()],
    kudosIds: [...(Array.isArray(kudos.body) ? kudos.body.map((k: { id: string }) => k.id) : []), randomUUID()],
    recapNoticeIds: [...(Array.isArray(recapNotices.body) ? recapNotices.body.map((n: { id: string }) => n.id) : []), '2020-01-06'],
    signupThrowaway: async () => (await signup()).token,
  };
}

function segmentFor(kind: PathParam, world: FuzzWorld): Arbitrary<string> {
  const real: Record<PathParam, readonly string[]> = {
    activityId: world.activityIds,
    campaignId: world.campaignIds.map(String),
    goalId: world.goalIds.map(String),
    userId: world.userIds,
    window: ['today', '7d', 'alltime'],
    challengeId: world.challengeIds.map(String),
    inviteId: world.inviteIds,
    nudgeId: world.nudgeIds,
    kudosId: world.kudosIds,
    recapNoticeId: world.recapNoticeIds,
  };
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real[kind]) }, { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) });
}

function pathFor(endpoint: Endpoint, world: FuzzWorld): Arbitrary<string> {
  const params = Object.entries(endpoint.params ?? {});
  const segments = fc.tuple(...params.map(([, kind]) => segmentFor(kind, world)));
  const query = endpoint.query ? queryFromSchema(endpoint.query) : fc.constant({});
  return fc.tuple(segments, query).map(([values, parameters]) => {
    let path = endpoint.path;
    params.forEach(([name], i) => (path = path.replace(`:${name}`, values[i]!)));
    const pairs = Object.entries(parameters).flatMap(([key, value]) =>
      value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => `${percentEncode(key)}=${percentEncode(v)}`),
    );
    return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
  });
}

function bodyFor(endpoint: Endpoint): Arbitrary<FuzzRequest['body']> {
  const json = (endpoint.body ? fromSchema(endpoint.body) : hostileValue).map((value) => ({ json: value }));
  const raw = fc.constantFrom(
    { raw: '{"activity_type": "email"', contentType: 'application/json' },
    { raw: '{"a":'.repeat(2_000), contentType: 'application/json' },
    { raw: 'activity_type=email', contentType: 'application/x-www-form-urlencoded' },
    { raw: '\u0000\ud800', contentType: 'text/plain' },
    { raw: '"\\ud800"', contentType: 'application/json' },
    { raw: `${'['.repeat(30_000)}${']'.repeat(30_000)}`, contentType: 'application/json' },
  );
  return fc.oneof({ weight: 6, arbitrary: json }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: fc.constant(null) });
}

function callerFor(endpoint: Endpoint): Arbitrary<Caller> {
  // A valid token on a route that deletes its caller belongs to a throwaway user, never to the fuzzer's own.
  const valid: Caller[] = endpoint.deletesCaller ? ['throwaway'] : ['owner', 'owner', 'other'];
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: fc.constantFrom<Caller>('none', 'garbage', 'deleted') });
}

function headersFor(endpoint: Endpoint): Arbitrary<Record<string, string>> {
  if (!endpoint.idempotent) return fc.constant({});
  const key = fc.oneof(fc.constant(undefined), fc.uuid(), fc.constantFrom('same-key', '', ' ', 'k'.repeat(201), 'k'.repeat(4000), '\u00e9\u00ff'));
  return key.map((value): Record<string, string> => (value === undefined ? {} : { 'idempotency-key': value }));
}

export function requestsFor(endpoint: Endpoint, world: FuzzWorld): Arbitrary<FuzzRequest> {
  return fc.record({
    caller: callerFor(endpoint),
    path: pathFor(endpoint, world),
    body: endpoint.method === 'GET' ? fc.constant(null) : bodyFor(endpoint),
    headers: headersFor(endpoint),
  });
}

async function send(url: string, endpoint: Endpoint, request: FuzzRequest, world: FuzzWorld): Promise<{ status: number | 'no answer'; text: string }> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.caller === 'garbage') headers.authorization = `Bearer ${GARBAGE_TOKENS[request.path.length % GARBAGE_TOKENS.length]}`;
  else if (request.caller === 'throwaway') headers.authorization = `Bearer ${await world.signupThrowaway()}`;
  else if (request.caller !== 'none') headers.authorization = `Bearer ${world.tokens[request.caller]}`;
  let body: string | undefined;
  if (request.body && 'json' in request.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body.json) ?? 'null';
  } else if (request.body) {
    headers['content-type'] = request.body.contentType;
    body = request.body.raw;
  }
  try {
    const res = await fetch(`${url}${request.path}`, { method: endpoint.method, headers, body, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
    return { status: res.status, text: await res.text() };
  } catch (error) {
    return { status: 'no answer', text: String(error) };
  }
}

export interface FuzzOptions {
  url: string;
  runsPerRoute: number;
  seed?: number;
  /** Routes fuzzed at the same time. */
  concurrency?: number;
  endpoints?: readonly Endpoint[];
  onRouteDone?: (route: string, counts: Partial<Record<StatusClass, number>>) => void;
}

/**
 * Sends runsPerRoute generated requests to every catalogued route and counts the answers by status
 * class. It does not stop at a 5xx: the totals name every route that answered one, with examples.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzTotals> {
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const world = await prepareWorld(options.url);
  const endpoints = options.endpoints ?? ENDPOINTS;
  const totals: FuzzTotals = {
    seed,
    runsPerRoute: options.runsPerRoute,
    routes: endpoints.length,
    requests: 0,
    byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, 'no answer': 0 },
    byRoute: {},
    failures: [],
  };
  const fuzzRoute = async (endpoint: Endpoint) => {
    const route = endpointName(endpoint);
    const counts: Partial<Record<StatusClass, number>> = {};
    totals.byRoute[route] = counts;
    const property = fc.asyncProperty(requestsFor(endpoint, world), async (request) => {
      const answer = await send(options.url, endpoint, request, world);
      const kind = answer.status === 'no answer' ? 'no answer' : statusClass(answer.status);
      counts[kind] = (counts[kind] ?? 0) + 1;
      totals.byClass[kind] += 1;
      totals.requests += 1;
      if ((kind === '5xx' || kind === 'no answer') && totals.failures.length < MAX_FAILURES_KEPT) {
        totals.failures.push({ route, status: answer.status, request, answer: answer.text.slice(0, 300) });
      }
    });
    // Every run is counted rather than stopping at the first 5xx, so one report names all of them.
    await fc.assert(property, { numRuns: options.runsPerRoute, seed });
    options.onRouteDone?.(route, counts);
  };
  const queue = [...endpoints];
  const workers = Array.from({ length: options.concurrency ?? 4 }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await fuzzRoute(next);
  });
  await Promise.all(workers);
  return totals;
}

/** One line per route and the totals, for a test's or the script's output. */
export function describeTotals(totals: FuzzTotals): string {
  const classes = (counts: Partial<Record<StatusClass, number>>) =>
    Object.entries(counts)
      .filter(([, n]) => n)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ');
  const lines = Object.entries(totals.byRoute).map(([route, counts]) => `  ${route.padEnd(48)} ${classes(counts)}`);
  return [
    `fuzz: ${totals.requests} requests over ${totals.routes} routes (${totals.runsPerRoute} runs each, seed ${totals.seed}): ${classes(totals.byClass)}`,
    ...lines,
    ...totals.failures.map((f) => `  FAILED ${f.route} -> ${f.status}: ${JSON.stringify(f.request).slice(0, 300)} ${f.answer}`),
  ].join('\n');
}

/** The stack on real PostgreSQL, NATS and Redis; the sign-up and login limit would otherwise answer most fuzzed requests 429 before auth. */
/** The stack with the coaching service pointed at a fake model server: the fuzzer never calls a real one. */
export async function startFuzzStack(): Promise<TestStack> {
  const model = await startFakeOpenAI();
  const stack = await startStack({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000000', OPENAI_API_KEY: model.apiKey, OPENAI_BASE_URL: model.url } });
  return {
    ...stack,
    async close() {
      await stack.close();
      await model.close();
    },
  };
}

export const FUZZ_TOTALS_FILE = path.resolve(__dirname, '../../../artifacts/fuzz-totals.json');

export async function writeTotals(totals: FuzzTotals): Promise<void> {
  await mkdir(path.dirname(FUZZ_TOTALS_FILE), { recursive: true });
  await writeFile(FUZZ_TOTALS_FILE, JSON.stringify(totals, null, 2));
}
