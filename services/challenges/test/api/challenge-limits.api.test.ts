import { startChallenges, type TestChallenges, type TestUser } from '../support/harness';

jest.setTimeout(60_000);

const NOW = '2026-03-02T15:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.parse(NOW) + offsetMs).toISOString();

let c: TestChallenges;
beforeAll(async () => {
  c = await startChallenges(NOW);
});
afterAll(() => c?.close());
beforeEach(() => c.clock.set(NOW));

/** A request with the answer's Retry-After header, which the harness's call leaves out. */
async function send(user: TestUser, method: string, path: string, body?: unknown) {
  const response = await fetch(`${c.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

const challengeBody = (overrides: Record<string, unknown> = {}) => ({ name: 'Flood', start_at: at(DAY), end_at: at(2 * DAY), is_private: false, ...overrides });
const create = (user: TestUser, overrides: Record<string, unknown> = {}) => send(user, 'POST', '/api/challenges', challengeBody(overrides));

const CREATES_REFUSED = { detail: 'Too many challenges created in a short time (at most 10 an hour). Please try again in 6 minutes.' };
const MEMBERSHIPS_REFUSED = { detail: 'Too many challenge joins and leaves in a short time (at most 30 an hour). Please try again in 120 seconds.' };

describe('rate limits on challenges', () => {
  it('answers 429 with the wait to the 11th of 15 creates sent at once, takes nothing for an invalid one, and limits each user alone', async () => {
    const [flooder, neighbour] = [await c.register(), await c.register()];
    expect((await create(flooder, { name: '' })).status).toBe(422);
    const replies = await Promise.all(Array.from({ length: 15 }, (_, i) => create(flooder, { name: `Flood ${i}` })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    for (const reply of refused) {
      expect(reply.body).toEqual(CREATES_REFUSED);
      expect(reply.retryAfter).toBe('360');
    }
    const mine = await send(flooder, 'GET', '/api/challenges/my?window=active');
    expect(mine.body).toHaveLength(10);
    expect((await create(neighbour)).status).toBe(201);

    // Six minutes on, one more create goes, and the next waits again.
    c.clock.advance(6 * 60_000);
    expect((await create(flooder)).status).toBe(201);
    expect(await create(flooder)).toMatchObject({ status: 429, body: CREATES_REFUSED, retryAfter: '360' });
  });

  it('counts joins, leaves and accepted invitations together: the 31st in an hour is a 429, and two minutes later one more goes', async () => {
    const [host, looper] = [await c.register(), await c.register()];
    const open = (await create(host)).body;
    const invited = (await create(host, { is_private: true, invitees: [looper.id] })).body;
    for (let i = 0; i < 15; i++) {
      expect((await send(looper, 'POST', `/api/challenges/${open.id}/join`)).status).toBe(200);
      expect((await send(looper, 'POST', `/api/challenges/${open.id}/leave`)).status).toBe(200);
    }
    expect(await send(looper, 'POST', `/api/challenges/${open.id}/join`)).toMatchObject({ status: 429, body: MEMBERSHIPS_REFUSED, retryAfter: '120' });
    const [invite] = (await send(looper, 'GET', '/api/challenge-invites')).body;
    expect(await send(looper, 'POST', `/api/challenge-invites/${invite.invite_id}/accept`)).toMatchObject({ status: 429, body: MEMBERSHIPS_REFUSED });
    // Refused, nothing changed: the looper is in neither challenge.
    expect((await send(looper, 'GET', `/api/challenges/${open.id}`)).body.is_joined).toBe(false);
    expect((await send(looper, 'GET', `/api/challenges/${invited.id}`)).body.is_joined).toBe(false);

    c.clock.advance(2 * 60_000);
    expect((await send(looper, 'POST', `/api/challenge-invites/${invite.invite_id}/accept`)).status).toBe(200);
    expect(await send(looper, 'POST', `/api/challenges/${invited.id}/leave`)).toMatchObject({ status: 429, body: MEMBERSHIPS_REFUSED });
    // Joins and leaves published one challenge.joined each, never more than the limit allowed.
    await c.settled();
    expect(c.published.filter((e) => e.type === 'challenge.joined' && (e.data as { user_id: string }).user_id === looper.id)).toHaveLength(16);
  });
});
