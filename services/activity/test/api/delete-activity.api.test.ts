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

  describe('attacks (issue 41)', () => {
    it('a delete right after each 201, many times over: every entry deleted once, the summary back to nothing', async () => {
      const { user, token } = await activity.registerUser();
      const ids = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const id = await logOne(token, 'meeting');
          expect((await remove(id, token)).status).toBe(204);
          return id;
        }),
      );
      for (const id of ids) expect(await deletedAt(id)).not.toBeNull();
      await eventually('every deletion published', () => (ids.every((id) => deletionsOf(id).length === 1) ? true : undefined));
      const summary = await activity.call('GET', `/api/users/${user.user_id}/summary?window=today`, { token });
      expect(summary.body.today_points).toBe(0);
      expect(summary.body.activity_counts.meeting?.count ?? 0).toBe(0);
    });

    it('a re-log with the deleted entry’s Idempotency-Key answers the first log again: nothing is logged or brought back', async () => {
      const { user, token } = await activity.registerUser();
      const key = { 'idempotency-key': `undo-${user.user_id}` };
      const first = await activity.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' }, headers: key });
      expect(first.status).toBe(201);
      const id = first.body.activity.id as string;
      expect((await remove(id, token)).status).toBe(204);
      const again = await activity.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' }, headers: key });
      expect(again.status).toBe(first.status);
      expect(again.body.activity.id).toBe(id);
      expect(await deletedAt(id)).not.toBeNull();
      expect(await activity.activityCount(user.user_id)).toBe(1);
      const summary = await activity.call('GET', `/api/users/${user.user_id}/summary?window=today`, { token });
      expect(summary.body.today_points).toBe(0);
      // A new key is a new log.
      expect((await activity.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' }, headers: { 'idempotency-key': `undo-2-${user.user_id}` } })).status).toBe(
        201,
      );
      expect((await activity.call('GET', `/api/users/${user.user_id}/summary?window=today`, { token })).body.today_points).toBe(10);
    });

    it('changes of timezone back and forth reopen no earlier day: yesterday’s entry stays, today stays today', async () => {
      // 23:50 on 12 March in New York; from 00:10 New York time the broker flies west to Chicago (23:10 on the 12th there), back and west again.
      const { user, token } = await activity.registerUser({ timezone: 'America/New_York' });
      activity.clock.set('2025-03-13T03:50:00.000Z');
      const id = await logOne(token);
      await activity.moveTo(user, 'America/New_York', 'America/Chicago', '2025-03-13T04:10:00.000Z');
      await activity.moveTo(user, 'America/Chicago', 'America/New_York', '2025-03-13T04:11:00.000Z');
      await activity.moveTo(user, 'America/New_York', 'America/Chicago', '2025-03-13T04:12:00.000Z');
      activity.clock.set('2025-03-13T04:13:00.000Z');
      expect(await remove(id, token)).toEqual({ status: 409, body: { detail: ONLY_TODAY } });
      expect(await deletedAt(id)).toBeNull();
      const today = await activity.call('POST', '/api/activity', { token, body: { activity_type: 'email' } });
      expect(today.body.activity.local_date).toBe('2025-03-13');
    });
  });
});
