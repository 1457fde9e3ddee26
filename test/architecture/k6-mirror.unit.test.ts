import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import { LoadMetrics } from '../../scripts/load/metrics';
import { autocannonRequests, planFor, type IterationContext, type Mirror } from '../../scripts/load/mirror';
import { MIRRORS } from '../../scripts/load/scenarios';

// Each k6 script runs here in Node against stand-ins for k6's modules that record its requests; its
// mirror (`npm run load`) builds its requests the same way autocannon does. Both must make the same
// requests, under the same options, so a change to one without the other fails here.

const BASE_URL = 'http://k6.test';
const ITERATIONS = 7;

interface SentRequest {
  method: string;
  path: string;
  name: string;
  headers: Record<string, string>;
  body: unknown;
}

interface K6Script {
  options: unknown;
  setup?: () => unknown;
  default: (data?: unknown) => void;
}

/** The token the sign-up stand-ins answer with for the i-th sign-up. */
const tokenFor = (i: number) => `token-${i}`;

/** Runs a k6 script for ITERATIONS iterations of one virtual user; returns its options and every request made, setup first. */
async function runK6Script(file: string): Promise<{ options: unknown; setupRequests: SentRequest[]; requests: SentRequest[]; requestsPerIteration: number }> {
  const sent: SentRequest[] = [];
  const execution = { scenario: { iterationInTest: 0 }, vu: { idInTest: 1 } };
  const response = (url: string) => {
    const token = url.endsWith('/api/signup') ? tokenFor(sent.filter((r) => r.path === '/api/signup').length - 1) : undefined;
    return { status: url.endsWith('/api/signup') ? 201 : 200, json: (selector?: string) => (selector === 'access_token' ? token : []) };
  };
  jest.doMock(
    'k6/http',
    () => ({
      __esModule: true,
      default: {
        request: (method: string, url: string, body: string | null, params: { headers?: Record<string, string>; tags?: { name?: string } }) => {
          sent.push({ method, path: url.slice(BASE_URL.length), name: params.tags?.name ?? '', headers: params.headers ?? {}, body: body === null ? undefined : JSON.parse(body) });
          return response(url);
        },
      },
    }),
    { virtual: true },
  );
  jest.doMock('k6', () => ({ check: (res: unknown, checks: Record<string, (r: unknown) => boolean>) => Object.values(checks).every((predicate) => predicate(res)) }), {
    virtual: true,
  });
  jest.doMock('k6/execution', () => ({ __esModule: true, default: execution }), { virtual: true });
  const globals = globalThis as unknown as { __ENV: Record<string, string>; __VU: number; __ITER: number };
  globals.__ENV = { BASE_URL };
  globals.__VU = 1;
  let script: K6Script | undefined;
  await jest.isolateModulesAsync(async () => {
    script = (await import(`../../k6/${file}`)) as K6Script;
  });
  const data = script!.setup?.();
  const setupRequests = sent.splice(0);
  for (let n = 0; n < ITERATIONS; n++) {
    globals.__ITER = n;
    execution.scenario.iterationInTest = n;
    script!.default(data);
  }
  return { options: script!.options, setupRequests, requests: sent, requestsPerIteration: sent.length / ITERATIONS };
}

/** A stand-in product answering sign-ups only, for the mirrors' setups (which use fetch). */
async function signupServer(): Promise<{ url: string; bodies: Array<Omit<SentRequest, 'name'>>; close: () => Promise<void> }> {
  const bodies: Array<Omit<SentRequest, 'name'>> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      bodies.push({ method: req.method ?? '', path: req.url ?? '', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: JSON.parse(body) });
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: tokenFor(bodies.length - 1) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Drives a mirror's autocannon requests as one connection does: built, sent, answered, round and round. */
async function runMirror<Data>(mirror: Mirror<Data>): Promise<{ setupRequests: Array<Omit<SentRequest, 'name'>>; requests: SentRequest[] }> {
  const server = await signupServer();
  try {
    const data = await mirror.setup(server.url, new LoadMetrics(), 'test');
    const requests = autocannonRequests(mirror, data, 'test', () => undefined);
    const routeOf = (request: autocannon.Request) => Object.entries(mirror.shape.routes).find(([, route]) => route.method === request.method && route.path === request.path)![0];
    const context: IterationContext = {};
    const sent: SentRequest[] = [];
    for (let i = 0; i < ITERATIONS * mirror.requestsPerIteration; i++) {
      const request = requests[i % requests.length]!;
      const built = (request.setupRequest as (request: autocannon.Request, context: object) => autocannon.Request)({ ...request }, context);
      const name = routeOf(request);
      sent.push({
        method: built.method!,
        path: built.path!,
        name,
        headers: (built.headers ?? {}) as Record<string, string>,
        body: built.body === undefined ? undefined : JSON.parse(built.body.toString()),
      });
      const answer =
        name === 'signup' ? { status: 201, body: JSON.stringify({ access_token: tokenFor(sent.filter((r) => r.name === 'signup').length - 1) }) } : { status: 200, body: '[]' };
      (request.onResponse as (status: number, body: string, context: object) => void)(answer.status, answer.body, context);
    }
    return { setupRequests: server.bodies, requests: sent };
  } finally {
    await server.close();
  }
}

/** Values each side makes unique on purpose (e-mail addresses, idempotency keys): checked unique, then compared by shape. */
function withUniqueValuesChecked<R extends Omit<SentRequest, 'name'>>(requests: R[]): R[] {
  const emails = requests.flatMap((r) => ((r.body as { email?: string } | undefined)?.email === undefined ? [] : [(r.body as { email: string }).email]));
  const keys = requests.flatMap((r) => (r.headers['idempotency-key'] === undefined ? [] : [r.headers['idempotency-key']]));
  expect(new Set(emails).size).toBe(emails.length);
  expect(new Set(keys).size).toBe(keys.length);
  for (const email of emails) expect(email).toMatch(/^[^@\s]+@example\.com$/);
  return requests.map((r) => ({
    ...r,
    headers: { ...r.headers, ...(r.headers['idempotency-key'] === undefined ? {} : { 'idempotency-key': '<unique>' }) },
    body: (r.body as { email?: string } | undefined)?.email === undefined ? r.body : { ...(r.body as object), email: '<unique>' },
  }));
}

describe.each(Object.entries(MIRRORS) as Array<[string, Mirror<unknown>]>)('npm run load -- %s', (scenario, mirror) => {
  let k6: Awaited<ReturnType<typeof runK6Script>>;
  beforeAll(async () => {
    k6 = await runK6Script(`${scenario}.ts`);
  });

  it('runs under the k6 script’s own options: same scenario, rate, virtual users, duration and thresholds', () => {
    expect(k6.options).toEqual(mirror.shape.options);
    const [[name, shape]] = Object.entries(mirror.shape.options.scenarios) as [[string, (typeof mirror.shape.options.scenarios)[string]]];
    const plan = planFor(mirror.shape.options, mirror.requestsPerIteration);
    expect(mirror.requestsPerIteration).toBe(k6.requestsPerIteration);
    expect(plan.scenario).toBe(name);
    expect(plan.durationSeconds).toBe(30);
    if (shape.executor === 'constant-vus') {
      expect({ connections: plan.connections, overallRate: plan.overallRate }).toEqual({ connections: shape.vus, overallRate: undefined });
    } else {
      expect(shape.timeUnit).toBe('1s');
      expect({ connections: plan.connections, overallRate: plan.overallRate, expectedIterations: plan.expectedIterations }).toEqual({
        connections: shape.maxVUs ?? shape.preAllocatedVUs,
        overallRate: shape.rate * k6.requestsPerIteration,
        expectedIterations: shape.rate * 30,
      });
    }
    expect(plan.thresholds.map((t) => [t.key, t.expression])).toEqual(
      Object.entries(mirror.shape.options.thresholds).flatMap(([key, expressions]) => expressions.map((e) => [key, e])),
    );
  });

  it('sends the k6 script’s requests: routes, name tags, headers and bodies, iteration by iteration', async () => {
    const mirrored = await runMirror(mirror);
    expect(withUniqueValuesChecked(mirrored.requests)).toEqual(withUniqueValuesChecked(k6.requests));
    // The setup's sign-ups, as the product sees them (the mirror's go out through fetch, not autocannon).
    const k6Setup = k6.setupRequests.map(({ method, path, headers, body }) => ({ method, path, headers, body }));
    expect(withUniqueValuesChecked(mirrored.setupRequests)).toEqual(withUniqueValuesChecked(k6Setup));
  });
});
