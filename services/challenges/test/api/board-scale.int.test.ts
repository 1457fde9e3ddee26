import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { eventually } from '@warriors/test-support';
import { startChallenges, type TestChallenges } from '../support/harness';

jest.setTimeout(120_000);

const NOW = '2026-03-02T15:00:00.000Z';
const MEMBERS = 10_000;

let c: TestChallenges;
beforeAll(async () => {
  c = await startChallenges(NOW);
});
afterAll(() => c?.close());

describe('a board of 10,000 members', () => {
  it('is rebuilt from PostgreSQL and answers its top page from the sorted set in one query for the names', async () => {
    const owner = await c.register();
    const created = await c.call('POST', '/api/challenges', {
      token: owner.token,
      body: { name: 'Big One', start_at: '2026-03-01T00:00:00Z', end_at: '2026-04-01T00:00:00Z', is_private: false },
    });
    const id = created.body.id as number;
    // 10,000 members with distinct points, written straight into the tables the rebuild reads.
    await sql`insert into challenges.users (user_id, event_at, name, username, profile_picture, show_on_leaderboard, profile_public)
      select 'm' || g, now(), 'Member ' || g, 'member_' || g, null, true, true from generate_series(1, ${MEMBERS}) g`.execute(c.db);
    await sql`insert into challenges.challenge_members (challenge_id, user_id, role, joined_at, points, counts)
      select ${id}, 'm' || g, 'member', now(), g, '{}' from generate_series(1, ${MEMBERS}) g`.execute(c.db);
    await sql`update challenges.challenges set members_count = members_count + ${MEMBERS} where id = ${id}`.execute(c.db);
    await c.board.clear();
    await eventually('the board rebuilt', async () => ((await c.board.isComplete()) ? true : undefined), 30_000);

    const started = performance.now();
    const answer = await c.call('GET', `/api/challenges/${id}/leaderboard`, { token: owner.token });
    const ms = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(20);
    expect(answer.body[0]).toMatchObject({ user_id: `m${MEMBERS}`, points: MEMBERS, name: `Member ${MEMBERS}`, role: 'member' });
    expect(answer.body[19].points).toBe(MEMBERS - 19);
    // A page, not the board: far below what reading 10,000 rows would cost.
    expect(ms).toBeLessThan(500);
    expect((await c.call('GET', `/api/challenges/${id}`, { token: owner.token })).body.members_count).toBe(MEMBERS + 1);
  });
});
