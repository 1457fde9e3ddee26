import { createHmac, randomBytes } from 'node:crypto';
import type { DomainEvent, EventOf } from '@warriors/contracts';
import type { Bus, Database } from '@warriors/kit';
import { eventually, forTheseTests, startServiceUnderTest, TEST_TOKEN_SECRET, type ServiceUnderTest } from '@warriors/test-support';
import { createAuthService } from '../../src';

export const SECRET = TEST_TOKEN_SECRET;
export const NOW = '2025-03-01T12:00:00.000Z';

export interface TestAuth extends Omit<ServiceUnderTest, 'bus'> {
  /** Every user.* event the outbox relayed, and the bus's request/reply for playing other services. */
  bus: { events: DomainEvent[]; request: Bus['request']; reply: Bus['reply'] };
  /** Every mail.requested the outbox relayed (their links' tokens are how tests open them). */
  mails: EventOf<'mail.requested'>[];
  /** Signs up a fresh user (unique email) and returns its token, user and password. */
  signup(overrides?: Record<string, unknown>): Promise<{ token: string; user: any; email: string; password: string }>;
  /** Opens the verification link auth mailed to `email` at sign-up. */
  verify(email: string): Promise<void>;
}

/** Auth with its clock pinned at NOW, on `database` (the caller's to close) or on a PostgreSQL database of its own. */
export async function startAuth(database?: Database): Promise<TestAuth> {
  const events: DomainEvent[] = [];
  const mails: EventOf<'mail.requested'>[] = [];
  const auth = await startServiceUnderTest({
    name: 'auth',
    clock: NOW,
    database,
    async create(ports) {
      await ports.bus.consume({ durable: 'auth_test_collector', subjects: ['user.>'] }, async (event) => {
        events.push(event);
      });
      await ports.bus.consume({ durable: 'auth_test_mail_collector', subjects: ['mail.>'] }, async (event) => {
        mails.push(event);
      });
      return createAuthService(ports);
    },
  });
  const { bus } = auth;

  return {
    ...auth,
    mails,
    bus: { events, request: (subject, payload, timeoutMs) => bus.request(subject, payload, timeoutMs), reply: (subject, handler) => bus.reply(subject, handler) },
    async signup(overrides = {}) {
      const email = `w${randomBytes(6).toString('hex')}@example.com`;
      const password = 'correct horse battery';
      const reply = await auth.call('POST', '/api/signup', {
        body: { name: 'Test Warrior', email, password, focus_area: 'investor', ...overrides },
      });
      if (reply.status !== 201) throw new Error(`signup failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return { token: reply.body.access_token, user: reply.body.user, email: (overrides.email as string) ?? email, password };
    },
    async verify(email) {
      const mail = await eventually(`the verification mail to ${email}`, () => mails.find((event) => event.data.kind === 'verify_email' && event.data.to === email));
      if (mail.data.kind !== 'verify_email') throw new Error('not a verification mail');
      const reply = await auth.call('POST', '/api/email/verify', { body: { token: mail.data.token } });
      if (reply.status !== 200) throw new Error(`verify failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    },
  };
}

/** The service on a database of its own for one test file: started before its tests, stopped and dropped after. */
export const authForThisFile = (): { readonly current: TestAuth } => forTheseTests(() => startAuth());

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
