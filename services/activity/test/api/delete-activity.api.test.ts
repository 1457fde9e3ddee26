import { ActivityDeleted, type DomainEvent } from '@warriors/contracts';
import { eventually } from '@warriors/test-support';
import { sql } from 'kysely';
import { ONLY_TODAY } from '../../src/use-cases/delete-activity.use-case';
import { NOW, startActivity, type TestActivity } from '../support/harness';

let activity: TestActivity;
const deletions: DomainEvent[] = [];

beforeAll(async () => {
  activity = await startActivity({ effectsWaitMs: 10 });
  // The test plays every consumer of activity.deleted on the same (real, in-process) bus.
  await activity.bus.consume({ durable: 'test_activity_deleted', subjects: ['activity.deleted'] }, async (event) => {
    deletions.push(event);
  });
});

afterEach(() => activity.clock.set(NOW));

afterAll(async () => {
  await activity.close();
});

async function logOne(token: string, activity_type = 'meeting'): Promise<string> {
  const reply = await activity.call('POST', '/api/activity', { token, body: { activity_type } });
  expect(reply.status).toBe(201);
  return reply.body.activity.id;
}

const remove = (id: string, token: string) => activity.call('DELETE', `/api/activity/${id}`, { token });
const deletionsOf = (id: string) => deletions.filter((e) => e.type === 'activity.deleted' && e.data.activity_id === id);
const deletedAt = async (id: string) =>
  (await sql<{ deleted_at: Date | null }>`select deleted_at from activity.activities where id = ${id}`.execute(activity.database.db)).rows[0]?.deleted_at;

describe('DELETE /api/activity/{id}', () => {
  it('marks an entry of today deleted, keeps its row and publishes activity.deleted once with the entry’s figures', async () => {
    const { user, token } = await activity.registerUser({ timezone: 'Asia/Tokyo' });
    const id = await logOne(token);
    activity.clock.set('2025-03-12T12:00:05.000Z');
    const reply = await remove(id, token);
    expect(reply.status).toBe(204);
    expect(await deletedAt(id)).toEqual(new Date('2025-03-12T12:00:05.000Z'));
    expect(await activity.activityCount(user.user_id)).toBe(1);
    const [event] = await eventually('activity.deleted', () => (deletionsOf(id).length > 0 ? deletionsOf(id) : undefined));
    expect(ActivityDeleted.parse(event)).toEqual({
      id: `activity.deleted:${id}`,
      type: 'activity.deleted',
      v: 1,
      occurredAt: '2025-03-12T12:00:05.000Z',
      requestId: expect.any(String),
      data: {
        activity_id: id,
        user_id: user.user_id,
        activity_type: 'meeting',
        quantity: 1,
        points: 10,
        local_date: '2025-03-12',
        timezone: 'Asia/Tokyo',
        deleted_at: '2025-03-12T12:00:05.000Z',
      },
    });
  });

  it('answers a second deletion as the first and publishes nothing more', async () => {
    const { token } = await activity.registerUser();
    const id = await logOne(token);
    expect((await remove(id, token)).status).toBe(204);
    const first = await deletedAt(id);
    activity.clock.set('2025-03-12T12:00:09.000Z');
    expect((await remove(id, token)).status).toBe(204);
    expect(await deletedAt(id)).toEqual(first);
    await eventually('activity.deleted', () => (deletionsOf(id).length > 0 ? true : undefined));
    const outboxRows = await sql<{ n: number }>`select count(*)::int as n from activity.outbox where event ->> 'id' = ${`activity.deleted:${id}`}`.execute(activity.database.db);
    expect(outboxRows.rows[0]!.n).toBe(1);
  });

  it('answers 404 for another user’s entry and leaves it counted', async () => {
    const owner = await activity.registerUser();
    const other = await activity.registerUser();
    const id = await logOne(owner.token);
    const reply = await remove(id, other.token);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ detail: 'Activity not found' });
    expect(await deletedAt(id)).toBeNull();
  });

  it('answers 404 for an id of nothing and for a malformed id, 401 without a token', async () => {
    const { token } = await activity.registerUser();
    expect((await remove('00000000-0000-4000-8000-000000000000', token)).status).toBe(404);
    expect((await remove('not-an-id', token)).status).toBe(404);
    expect((await activity.call('DELETE', '/api/activity/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  it('refuses an entry of an earlier local day of the owner with a 409 and keeps it', async () => {
    // 23:30 on 11 March in New York, then 00:10 on the 12th there.
    const { token } = await activity.registerUser({ timezone: 'America/New_York' });
    activity.clock.set('2025-03-12T03:30:00.000Z');
    const id = await logOne(token);
    activity.clock.set('2025-03-12T04:10:00.000Z');
    const reply = await remove(id, token);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ detail: ONLY_TODAY });
    expect(await deletedAt(id)).toBeNull();
  });

  it('leaves a deleted entry out of the feed, the summary and the stats', async () => {
    const { user, token } = await activity.registerUser();
    const kept = await logOne(token, 'cold_call');
    const gone = await logOne(token, 'meeting');
    expect((await remove(gone, token)).status).toBe(204);
    const feed = (await activity.call('GET', '/api/recent-activities')).body as Array<{ id: string }>;
    expect(feed.map((r) => r.id)).toContain(kept);
    expect(feed.map((r) => r.id)).not.toContain(gone);
    const summary = await activity.call('GET', `/api/users/${user.user_id}/summary?window=today`, { token });
    expect(summary.status).toBe(200);
    expect(summary.body.today_points).toBe(1);
    expect(summary.body.activity_counts.meeting?.count ?? 0).toBe(0);
  });
});
