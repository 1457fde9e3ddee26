import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { newEvent, type MailRequest, type UserProjection } from '@warriors/contracts';
import type { Database } from '@warriors/kit';
import { eventually, registerTestUser, startServiceUnderTest, startTestSmtp, testUser, type TestSmtp } from '@warriors/test-support';
import { createMailService, type MailSettings } from '../../src';

export const PUBLIC_URL = 'https://warriors.test';
export const NOW = '2026-03-04T15:00:00.000Z';

/** Retries a second apart, doubling to a minute, given up after a day: a test moves the pinned clock past them. */
export const TEST_POLICY = { firstRetryMs: 1_000, longestRetryMs: 60_000, giveUpAfterMs: 24 * 3600_000 };

/**
 * The mail service on a PostgreSQL database of its own and the in-process bus, sending to a real
 * SMTP server of the test's own (or, with `smtp: false`, writing files), clock pinned at NOW. The
 * sender and the digests look every 25 ms, so a test waits for what arrives instead of sleeping.
 */
export async function startMail(options: { smtp?: boolean; database?: Database; settings?: Partial<MailSettings> } = {}) {
  const smtp: TestSmtp | null = options.smtp === false ? null : await startTestSmtp();
  const mailDir = await mkdtemp(path.join(os.tmpdir(), 'mail-test-'));
  const service = await startServiceUnderTest({
    name: 'mail',
    clock: NOW,
    database: options.database,
    create: (ports) =>
      createMailService({
        ...ports,
        mail: {
          smtpUrl: smtp?.url,
          mailDir,
          from: 'Prospect Warriors <no-reply@warriors.test>',
          publicUrl: PUBLIC_URL,
          policy: TEST_POLICY,
          deliveryPollMs: 25,
          digestPollMs: 25,
          ...options.settings,
        },
      }),
  });
  const { bus, database, clock } = service;

  return {
    ...service,
    smtp,
    mailDir,
    async close() {
      await service.close();
      await smtp?.stop();
    },
    /** Plays another service: asks for a mail as its outbox would publish it; answers the event's id. */
    async request(mail: MailRequest, id: string = randomUUID()): Promise<string> {
      await bus.publish(newEvent('mail.requested', mail, { id, at: clock.now() }));
      return id;
    },
    /** Plays auth: a broker known to the projection, with a verified address. */
    async verifiedBroker(overrides: Partial<UserProjection> = {}): Promise<UserProjection & { email: string }> {
      const user = testUser(overrides);
      const email = `${user.username}@example.com`;
      await registerTestUser(bus, database, 'mail', user, clock.now().toISOString());
      await bus.publish(newEvent('user.email_verified', { user_id: user.user_id, email }, { id: randomUUID(), at: clock.now() }));
      await eventually(`${email} kept`, async () =>
        (await sql`select 1 from mail.addresses where user_id = ${user.user_id}`.execute(database.db)).rows.length > 0 ? true : undefined,
      );
      return { ...user, email };
    },
    /** The queue's rows by state, as the CLI counts them. */
    async mailsIn(status: 'queued' | 'sent' | 'dead'): Promise<number> {
      const rows = await sql<{ n: number }>`select count(*)::int as n from mail.mails where status = ${status}`.execute(database.db);
      return rows.rows[0]!.n;
    },
  };
}

export type TestMail = Awaited<ReturnType<typeof startMail>>;

export const resetRequest = (to: string, token = 'reset-token-abc'): MailRequest => ({ kind: 'password_reset', to, user_id: randomUUID(), name: 'Ana Silva', token });

export const invitation = (to: string, challengeId = 7): MailRequest => ({
  kind: 'challenge_invitation',
  to,
  user_id: null,
  invitee_name: 'Jo',
  host_name: 'Ana Silva',
  challenge: { id: challengeId, name: 'Dial Duel', description: null, start_at: '2026-03-02T00:00:00.000Z', end_at: '2026-03-09T00:00:00.000Z' },
});
