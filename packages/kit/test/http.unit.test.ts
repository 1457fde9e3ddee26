import express, { Router } from 'express';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import {
  createApp,
  createLogger,
  createMetrics,
  createTokenSigner,
  DependencyUnavailableError,
  HttpError,
  isDependencyFailure,
  listen,
  parse,
  requireAuth,
  type RunningServer,
} from '../src';

const SECRET = 'a-test-secret-that-is-long-enough-1234567890';
const logger = createLogger('kit-test', 'silent');

describe('app factory', () => {
  let server: RunningServer;
  const signer = createTokenSigner(SECRET, 60);

  beforeAll(async () => {
    const router = Router();
    const Body = z.object({ email: z.email({ message: 'Enter a valid email address' }), count: z.number().int().min(1, 'Too small') });
    router.post('/echo', (req, res) => {
      res.json(parse(Body, req.body));
    });
    router.put('/big', (req, res) => {
      res.json({ size: JSON.stringify(req.body).length });
    });
    router.get('/teapot', () => {
      throw new HttpError(418, 'I am a teapot');
    });
    router.get('/boom', () => {
      throw new Error('secret internals');
    });
    router.get('/dropped', () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    router.get('/private', requireAuth(signer), (req, res) => {
      res.json({ id: req.user!.id, requestId: req.id });
    });
    // 'gone' is a deleted account; 'unreachable' stands for a check whose database dropped the connection.
    const isRevoked = async (user: { id: string }) => {
      if (user.id === 'unreachable') throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
      return user.id === 'gone';
    };
    router.get('/live-only', requireAuth(signer, { isRevoked }), (req, res) => {
      res.json({ id: req.user!.id });
    });
    const app = createApp({ logger, metrics: createMetrics().forService('kit-test'), routes: [router], largeBodyPaths: { '/big': '1mb' }, jsonLimit: '1kb' });
    server = await listen(app, 0);
  });

  afterAll(() => server.close());

  const post = (path: string, body: string, method = 'POST') => fetch(`${server.url}${path}`, { method, body, headers: { 'content-type': 'application/json' } });

  it('answers validation failures as 422 with loc and msg', async () => {
    const res = await post('/echo', JSON.stringify({ email: 'nope', count: 0 }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: [
        { loc: ['body', 'email'], msg: 'Enter a valid email address' },
        { loc: ['body', 'count'], msg: 'Too small' },
      ],
    });
  });

  it('answers malformed JSON with 422, not 500', async () => {
    const res = await post('/echo', '{"email": ');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: [{ loc: ['body'], msg: 'Body is not valid JSON' }] });
  });

  it('keeps the small body limit everywhere but on the larger paths', async () => {
    const payload = JSON.stringify({ data: 'x'.repeat(5000) });
    const small = await post('/echo', payload);
    expect(small.status).toBe(413);
    expect(await small.json()).toEqual({ detail: 'Request body is too large' });
    const big = await post('/big', payload, 'PUT');
    expect(big.status).toBe(200);
  });

  it('turns HttpError into its status and {detail}', async () => {
    const res = await fetch(`${server.url}/teapot`);
    expect(res.status).toBe(418);
    expect(await res.json()).toEqual({ detail: 'I am a teapot' });
  });

  it('hides unknown errors behind a plain 500', async () => {
    const res = await fetch(`${server.url}/boom`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ detail: 'Internal server error' });
  });

  it('answers a dropped dependency connection with 503 {detail}, not 500', async () => {
    const res = await fetch(`${server.url}/dropped`);
    expect(res.status).toBe(503);
    expect((await res.json()).detail).toMatch(/unavailable/);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await fetch(`${server.url}/nowhere`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not found: GET /nowhere' });
  });

  it('serves /healthz and /readyz', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  describe('bearer tokens', () => {
    const get = (token?: string) => fetch(`${server.url}/private`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

    it('lets a valid token through and keeps the request id', async () => {
      const res = await fetch(`${server.url}/private`, { headers: { authorization: `Bearer ${signer.sign({ id: 'u1' })}`, 'x-request-id': 'req-42' } });
      expect(await res.json()).toEqual({ id: 'u1', requestId: 'req-42' });
    });

    it('refuses a missing token', async () => {
      const res = await get();
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: 'Not authenticated' });
    });

    it.each([
      ['garbage', 'not.a.token'],
      ['another secret', jwt.sign({ sub: 'u1' }, 'another-secret-another-secret-another', { expiresIn: 60 })],
      ['alg none', jwt.sign({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 60 }, '', { algorithm: 'none' })],
      ['no expiry', jwt.sign({ sub: 'u1' }, SECRET, { algorithm: 'HS256' })],
      ['expired', jwt.sign({ sub: 'u1', exp: Math.floor(Date.now() / 1000) - 10 }, SECRET)],
      ['HS512', jwt.sign({ sub: 'u1' }, SECRET, { algorithm: 'HS512', expiresIn: 60 })],
    ])('refuses a token with %s', async (_case, token) => {
      const res = await get(token);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: 'Could not validate credentials' });
    });

    it('refuses a valid token of a deleted account, and lets one the service has not heard of through', async () => {
      const live = (id: string) => fetch(`${server.url}/live-only`, { headers: { authorization: `Bearer ${signer.sign({ id })}` } });
      const gone = await live('gone');
      expect(gone.status).toBe(401);
      expect(await gone.json()).toEqual({ detail: 'Could not validate credentials' });
      const unheardOf = await live('brand-new');
      expect(unheardOf.status).toBe(200);
      expect(await unheardOf.json()).toEqual({ id: 'brand-new' });
      expect((await live('unreachable')).status).toBe(503);
    });
  });
});

describe('app factory with CORS origins', () => {
  it("lets a page on an allowed origin read a 429's Retry-After, a list's X-Next-Cursor and a download's Content-Disposition", async () => {
    const router = Router();
    router.get('/page', (_req, res) => {
      res.setHeader('X-Next-Cursor', 'next');
      res.json([]);
    });
    const app = createApp({ logger, metrics: createMetrics().forService('kit-test'), routes: [router], corsOrigins: ['https://app.example.com'] });
    const server = await listen(app, 0);
    try {
      const response = await fetch(`${server.url}/page`, { headers: { origin: 'https://app.example.com' } });
      expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After,X-Next-Cursor,Content-Disposition');
    } finally {
      await server.close();
    }
  });
});

describe('isDependencyFailure', () => {
  it.each([
    ['a terminated PostgreSQL backend', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a refused socket', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a closed Redis connection', new Error('Connection is closed.')],
    ['the explicit error', new DependencyUnavailableError('leaderboard store')],
  ])('counts %s', (_what, err) => {
    expect(isDependencyFailure(err)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a bad value', Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' })],
    ['a plain bug', new TypeError('x is undefined')],
    ['a non-error', 'boom'],
  ])('does not count %s', (_what, err) => {
    expect(isDependencyFailure(err)).toBe(false);
  });
});

describe('listen', () => {
  it('picks a free port with 0 and closes', async () => {
    const app = express();
    const server = await listen(app, 0);
    expect(server.port).toBeGreaterThan(0);
    await server.close();
    await expect(fetch(server.url)).rejects.toThrow();
  });
});
