import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { BUS_QUESTIONS } from '@warriors/contracts';
import type { Subscription } from '@warriors/kit';
import { startChallenges, type TestChallenges, type TestUser } from '../support/harness';

jest.setTimeout(120_000);

const NOW = '2026-03-02T15:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.parse(NOW) + offsetMs).toISOString();
/** The attack's shape: 15 concurrent requests, each creation carrying 200 email invites. */
const CONCURRENT = 15;
const INVITE_LINES = 200;
/** Each try races once; the old code lost every try, so a handful of tries shows a regression. */
const TRIES = 4;

/**
 * A deletion (auth's user.deleted) applied while the account's creations, joins or invite
 * acceptances, or other hosts' invites to it, are in flight must win every race: nothing they made
 * survives it, whichever commits first. Real PostgreSQL and NATS; the boards in the embedded mode's
 * store (they play no part).
 */
describe('an account deletion racing what the account does', () => {
  let c: TestChallenges;
  let accounts: Subscription;
  beforeAll(async () => {
    // The race is the subject here, not the per-user limits (their own suite): a burst of 15 passes them.
    const roomy = { limit: 1000, windowMs: 60_000 };
    c = await startChallenges(NOW, 'memory', { rateLimits: { creates: roomy, memberships: roomy } });
    // Auth knows none of the invited emails: every line stays a pending email invite.
    accounts = await c.bus.reply(BUS_QUESTIONS.accountsByEmail.subject, async () => ({}));
  });
  afterAll(async () => {
    await accounts?.stop();
    await c?.close();
  });

  const upcoming = (user: TestUser, body: Record<string, unknown> = {}) =>
    c.call('POST', '/api/challenges', { token: user.token, body: { name: 'Race', start_at: at(DAY), end_at: at(8 * DAY), is_private: false, ...body } });

  async function createdBy(user: TestUser, body: Record<string, unknown> = {}): Promise<number> {
    const answer = await upcoming(user, body);
    expect(answer.status).toBe(201);
    return answer.body.id;
  }

  const inviteLines = () => Array.from({ length: INVITE_LINES }, (_, line) => `Guest ${line}, guest.${line}.${randomUUID().slice(0, 8)}@example.com`).join('\n');

  const deleteAccount = (user: TestUser) => c.bus.publish({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: c.clock.now().toISOString(), data: { user_id: user.id } });

  /**
   * Sends the requests and, while they are in flight, the account's deletion; answers the statuses
   * other than `done` (the write committed first), 401 (the deletion came first) and 404 (the write
   * committed first but the deletion forgot it before the request read it back), once all settled.
   */
  async function raceDeletion(user: TestUser, done: number, requests: ReadonlyArray<() => Promise<{ status: number }>>): Promise<number[]> {
    const answers = requests.map((send) => send());
    await deleteAccount(user);
    const statuses = (await Promise.all(answers)).map((a) => a.status);
    await c.settled();
    return statuses.filter((status) => ![done, 401, 404].includes(status));
  }

  /** What challenges still holds of the user, table by table. */
  async function leftBehind(userId: string) {
    const count = async (table: string, column: string) => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`challenges.${table}`)} where ${sql.ref(column)} = ${userId}`.execute(c.db);
      return rows[0]!.n;
    };
    return {
      hosted: await count('challenges', 'owner_id'),
      memberships: await count('challenge_members', 'user_id'),
      invitesSent: await count('challenge_invites', 'from_user_id'),
      invitesReceived: await count('challenge_invites', 'to_user_id'),
      emailInvitesSent: await count('challenge_email_invites', 'from_user_id'),
    };
  }
  const NOTHING = { hosted: 0, memberships: 0, invitesSent: 0, invitesReceived: 0, emailInvitesSent: 0 };

  it('creations with 200 email invites each: none survives, none shows in the Open tab, the token is refused', async () => {
    const bystander = await c.register();
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const host = await c.register();
      const unexpected = await raceDeletion(
        host,
        201,
        Array.from({ length: CONCURRENT }, () => () => upcoming(host, { invite_emails: inviteLines() })),
      );
      expect(unexpected).toEqual([]);
      expect(await leftBehind(host.id)).toEqual(NOTHING);
      const open = (await c.call('GET', '/api/challenges/open?window=active', { token: bystander.token })).body as Array<{ owner_id: string }>;
      expect(open.filter((ch) => ch.owner_id === host.id)).toEqual([]);
      expect((await upcoming(host)).status).toBe(401);
    }
  });

  it('joins: no membership survives and the token reads no board', async () => {
    const host = await c.register();
    const ids: number[] = [];
    for (let n = 0; n < CONCURRENT; n++) ids.push(await createdBy(host));
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const joiner = await c.register();
      const unexpected = await raceDeletion(
        joiner,
        200,
        ids.map((id) => () => c.call('POST', `/api/challenges/${id}/join`, { token: joiner.token })),
      );
      expect(unexpected).toEqual([]);
      expect(await leftBehind(joiner.id)).toEqual(NOTHING);
      for (const id of ids) expect((await c.call('GET', `/api/challenges/${id}/leaderboard`, { token: joiner.token })).status).toBe(401);
    }
  });

  it("other hosts' invites to the account: none survives", async () => {
    const hosts: TestUser[] = [];
    for (let n = 0; n < CONCURRENT; n++) hosts.push(await c.register());
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const invitee = await c.register();
      const unexpected = await raceDeletion(
        invitee,
        201,
        hosts.map((host) => () => upcoming(host, { is_private: true, invitees: [invitee.id] })),
      );
      expect(unexpected).toEqual([]);
      expect(await leftBehind(invitee.id)).toEqual(NOTHING);
    }
  });

  it('accepted invites: no membership survives', async () => {
    const host = await c.register();
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const invitee = await c.register();
      for (let n = 0; n < CONCURRENT; n++) await createdBy(host, { is_private: true, invitees: [invitee.id] });
      const invites = (await c.call('GET', '/api/challenge-invites', { token: invitee.token })).body as Array<{ invite_id: string }>;
      expect(invites).toHaveLength(CONCURRENT);
      const unexpected = await raceDeletion(
        invitee,
        200,
        invites.map((invite) => () => c.call('POST', `/api/challenge-invites/${invite.invite_id}/accept`, { token: invitee.token })),
      );
      expect(unexpected).toEqual([]);
      expect(await leftBehind(invitee.id)).toEqual(NOTHING);
    }
  });
});
