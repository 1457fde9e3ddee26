import { createHmac, randomBytes } from 'node:crypto';
import type { DomainEvent } from '@warriors/contracts';
import {
  createLogger,
  createMemoryBus,
  createTokenSigner,
  fixedClock,
  listen,
  type Bus,
  type Database,
  type RunningServer,
  type TokenSigner,
} from '@warriors/kit';
import { createTestDatabase as createSharedTestDatabase } from '../../../../test/support/test-database';
export { eventually as waitFor } from '../../../../test/support/eventually';
import { createAuthService } from '../../src';

export const SECRET = 'auth-tests-secret-that-is-long-enough-0123456789';
export const NOW = '2025-03-01T12:00:00.000Z';

/** A database of its own for one test file, dropped at the end. */
export const createTestDatabase = () => createSharedTestDatabase('auth');

/** The in-process bus with a consumer that collects every user.* event the outbox relays. */
async function collectingBus(): Promise<{ bus: Bus; events: DomainEvent[] }> {
  const bus = createMemoryBus();
  const events: DomainEvent[] = [];
  await bus.consume({ durable: 'auth_test_collector', subjects: ['user.>'] }, async (event) => {
    events.push(event);
  });
  return { bus, events };
}


export interface Reply {
  status: number;
  body: any;
}

export interface TestAuth {
  url: string;
  bus: { events: DomainEvent[]; request: Bus['request']; reply: Bus['reply'] };
  tokens: TokenSigner;
  call(method: string, path: string, options?: { body?: unknown; raw?: string; token?: string }): Promise<Reply>;
  /** Signs up a fresh user (unique email) and returns its token, user and password. */
  signup(overrides?: Record<string, unknown>): Promise<{ token: string; user: any; email: string; password: string }>;
  close(): Promise<void>;
}

export async function startAuth(database: Database): Promise<TestAuth> {
  const { bus, events } = await collectingBus();
  const tokens = createTokenSigner(SECRET, 3600);
  const service = createAuthService({ database, bus, tokens, clock: fixedClock(NOW), logger: createLogger('auth-test', 'silent') });
  await service.start();
  const server: RunningServer = await listen(service.app, 0);

  const call: TestAuth['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${server.url}${path}`, { method, headers, body: payload });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  return {
    url: server.url,
    bus: { events, request: (subject, payload, timeoutMs) => bus.request(subject, payload, timeoutMs), reply: (subject, handler) => bus.reply(subject, handler) },
    tokens,
    call,
    async signup(overrides = {}) {
      const email = `w${randomBytes(6).toString('hex')}@example.com`;
      const password = 'correct horse battery';
      const reply = await call('POST', '/api/signup', {
        body: { name: 'Test Warrior', email, password, focus_area: 'investor', ...overrides },
      });
      if (reply.status !== 201) throw new Error(`signup failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return { token: reply.body.access_token, user: reply.body.user, email: (overrides.email as string) ?? email, password };
    },
    async close() {
      await server.close();
      await service.stop();
      await bus.close();
    },
  };
}

const base64url = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT built by hand, to forge what the service must refuse (alg none, other secrets, old expiry). */
export function forgeToken(header: object, payload: object, secret?: string): string {
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  const signature = secret ? createHmac('sha256', secret).update(unsigned).digest('base64url') : '';
  return `${unsigned}.${signature}`;
}

/** Bytes with a real image signature, as a data URL labelled however the test wants. */
export function dataUrl(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}

export const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
export const JPEG_BYTES = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
