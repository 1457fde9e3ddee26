import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Client } from 'pg';
import { EFFECTS_SUBJECT, effectsIn, RANKS_REQUEST, USER_STATS_REQUEST, type ActivityEffects } from '@warriors/contracts';
import { fixedClock, type Database } from '@warriors/kit';
import { rebuildLeaderboards } from '../../src';
import { liveKeyDeltas } from '../../src/domain/windows';
import type { LeaderboardStore } from '../../src/leaderboard';
import { createTestDatabase, eventually, startGamification, type TestGamification } from './harness';

export interface StoreUnderTest {
  store: LeaderboardStore;
  cleanup(): Promise<void>;
}

/** One API suite, run once per leaderboard store adapter. */
export function runGamificationApiSuite(adapter: string, makeStore: (now: () => number) => StoreUnderTest): void {
  describe(`gamification over HTTP and the bus (${adapter} leaderboard store)`, () => {
    let g: TestGamification;
    let database: Database;
    let databaseUrl: string;
    let drop: () => Promise<void>;
    let cleanupStore: () => Promise<void>;

    beforeAll(async () => {
      const test = await createTestDatabase();
      database = test.database;
      databaseUrl = test.url;
      drop = test.drop;
      const clock = fixedClock('2030-01-01T00:00:00Z');
      const { store, cleanup } = makeStore(() => clock.now().getTime());
      cleanupStore = cleanup;
      g = await startGamification(database, store, clock);
    });

    afterAll(async () => {
      await g.close();
      await cleanupStore();
      await drop();
    });

    const points = (rows: Array<{ id: string; points: number }>) => Object.fromEntries(rows.map((r) => [r.id, r.points]));
    /** Polls a board until `check` passes: the consumer and the 1 s response cache both lag a little. */
    const board = (path: string, check: (rows: any[]) => void, token?: string) =>
      eventually(async () => {
        const reply = await g.call('GET', path, token);
        expect(reply.status).toBe(200);
        check(reply.body);
        return reply.body as any[];
      });
    const pointsOf = async (userId: string, window = 'today') => {
      const row = await g.db.withSchema('gamification').selectFrom('ledger').select(sql<number>`coalesce(sum(points), 0)::int`.as('p')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return { ledger: row.p, window };
    };

    it('shows published activities on the Today board as leaderboard rows', async () => {
      const day = g.freshDay();
      const ana = await g.register({ name: 'Ana Lopez', company: 'North CRE', city: 'Miami', state: 'FL' });
      const ben = await g.register();
      await g.log(ana.user_id, 'meeting'); // 10
      await g.log(ben.user_id, 'cold_call', { quantity: 4 }); // 4
      const rows = await board('/api/leaderboard', (r) => expect(points(r)).toEqual({ [ana.user_id]: 10, [ben.user_id]: 4 }));
      expect(rows[0]).toEqual({
        id: ana.user_id,
        name: 'Ana Lopez',
        username: ana.username,
        points: 10,
        profile_picture: null,
        company: 'North CRE',
        city: 'Miami',
        state: 'FL',
        last_activity_date: `${day}T15:00:00.000Z`,
        rank: 1,
      });
      expect(rows[1]).toMatchObject({ id: ben.user_id, rank: 2 });
      expect((await g.call('GET', '/api/leaderboard/today')).body).toEqual(rows);
    });

    it('publishes the effects of an activity: badges and the rank change, no milestones (campaigns owns goals)', async () => {
      g.freshDay();
      const [low, mid, climber] = [await g.register(), await g.register(), await g.register()];
      await g.log(low.user_id, 'cold_call', { quantity: 5 });
      await g.log(mid.user_id, 'cold_call', { quantity: 8 });
      await board('/api/leaderboard', (r) => expect(r).toHaveLength(2));
      const activityId = randomUUID();
      const received: ActivityEffects[] = [];
      const sub = await g.bus.subscribeTransient(EFFECTS_SUBJECT, (payload) => received.push(...effectsIn(payload, (id) => id === activityId)));
      await g.log(climber.user_id, 'meeting', { activityId, quantity: 2 }); // 20 points: 25% (13) crossed, not 50% (25)
      const effects = await eventually(async () => {
        expect(received).toHaveLength(1);
        return received[0]!;
      });
      await sub.stop();
      expect(effects).toEqual({
        activity_id: activityId,
        source: 'gamification',
        badges: [expect.objectContaining({ badge_type: 'first_meeting', name: 'First Meeting', cycle: 'lifetime', repeat_count: 1 })],
        milestones: [],
        rank_change: {
          new_rank: 1,
          positions_gained: 2,
          passed_users: [
            { id: mid.user_id, username: mid.username },
            { id: low.user_id, username: low.username },
          ],
        },
        campaign_completed: null,
      });
    });

    it('counts an event delivered three times once, and publishes its effects once', async () => {
      g.freshDay();
      const user = await g.register();
      const received: unknown[] = [];
      const activityId = randomUUID();
      const sub = await g.bus.subscribeTransient(EFFECTS_SUBJECT, (p) => received.push(...effectsIn(p, (id) => id === activityId)));
      const event = await g.log(user.user_id, 'doorknock', { activityId });
      await g.redeliver(event);
      await g.redeliver(event);
      // The same activity under a new event id (a re-publish) is the same points too.
      await g.redeliver({ ...event, id: randomUUID() });
      const inbox = () => g.db.withSchema('gamification').selectFrom('inbox').select('event_id').where('event_id', '=', event.id).execute();
      await eventually(async () => expect(await inbox()).toHaveLength(1));
      const marker = await g.register();
      await g.log(marker.user_id, 'email');
      // The marker's point arrives after every redelivery on the one durable consumer.
      await board('/api/leaderboard', (r) => expect(points(r)).toEqual({ [user.user_id]: 3, [marker.user_id]: 1 }));
      expect(await pointsOf(user.user_id)).toEqual({ ledger: 3, window: 'today' });
      await eventually(async () => expect(received).toHaveLength(1));
      await sub.stop();
      expect(received).toHaveLength(1);
    });

    it('applies concurrent deliveries exactly: each badge once, and 50x the points for 50 events published in parallel', async () => {
      g.freshDay();
      // Not registered yet (its user.registered still on the way), so no users row serializes it either.
      const user = { user_id: randomUUID(), token: '' };
      user.token = g.tokens.sign({ id: user.user_id });
      const mine = async () => (await g.call('GET', '/api/leaderboard/me', user.token)).body.points;
      // Five workers on the durable consumer, each held at the ledger with 10 calls until all five
      // wait, then let go at once: without per-user serialization they would each read fewer than 50
      // calls and miss the badge.
      const others = await Promise.all(Array.from({ length: 4 }, () => g.addInstance()));
      const gate = new Client({ connectionString: databaseUrl });
      await gate.connect();
      await gate.query('begin; lock table gamification.ledger in exclusive mode');
      try {
        await Promise.all(Array.from({ length: 5 }, () => g.log(user.user_id, 'cold_call', { quantity: 10 })));
        await eventually(async () => {
          // Only this file's database: other test files hold locks on the same server at the same time.
          const waiting = await gate.query(
            'select count(*)::int as n from pg_locks where not granted and pid <> pg_backend_pid() and database = (select oid from pg_database where datname = current_database())',
          );
          expect(waiting.rows[0].n).toBe(5);
        });
      } finally {
        await gate.query('commit');
        await gate.end();
      }
      await eventually(async () => expect(await mine()).toBe(50));
      // Checked before any other event: a later event of the day would award a missed badge late.
      const badges = await g.call('GET', '/api/badges', user.token);
      expect(badges.status).toBe(200);
      // 50 points is also the daily goal.
      expect(badges.body).toEqual([
        expect.objectContaining({ badge_type: 'daily_victory', repeat_count: 1 }),
        {
          id: expect.any(String),
          badge_type: 'call_crusher',
          name: 'Call Crusher',
          description: 'Make 50 cold calls in one day',
          cycle: 'daily',
          repeat_count: 1,
          repeat: 1,
          earned_at: expect.any(String),
        },
      ]);
      await Promise.all(others.map((o) => o.stop()));
      await Promise.all(Array.from({ length: 50 }, () => g.log(user.user_id, 'email')));
      await eventually(async () => expect(await mine()).toBe(100));
      expect(await pointsOf(user.user_id)).toEqual({ ledger: 100, window: 'today' });
      // The next day is a new cycle: earned again, repeat_count 2; a 51st call the same day adds nothing.
      await g.log(user.user_id, 'cold_call');
      g.clock.advance(24 * 60 * 60 * 1000);
      await Promise.all(Array.from({ length: 50 }, () => g.log(user.user_id, 'cold_call')));
      await eventually(async () => expect((await g.call('GET', '/api/badges', user.token)).body[1]).toMatchObject({ badge_type: 'call_crusher', repeat_count: 2 }));
    });

    it("applies a burst of several users' activities, interleaved and some delivered twice, each exactly once", async () => {
      g.freshDay();
      const users = [await g.register(), await g.register(), await g.register()];
      // Published in one go, so the consumer receives them in batches mixing users and copies.
      const events = await Promise.all(Array.from({ length: 30 }, (_, i) => g.log(users[i % 3]!.user_id, 'cold_call')));
      await Promise.all(events.slice(0, 6).map((event) => g.redeliver(event)));
      const marker = await g.register();
      await g.log(marker.user_id, 'email');
      await board('/api/leaderboard', (r) => expect(points(r)).toEqual({ ...Object.fromEntries(users.map((u) => [u.user_id, 10])), [marker.user_id]: 1 }));
      for (const user of users) expect(await pointsOf(user.user_id)).toEqual({ ledger: 10, window: 'today' });
    });

    it('lists call_crusher and first_meeting after reaching them', async () => {
      g.freshDay();
      const user = await g.register();
      await g.log(user.user_id, 'cold_call', { quantity: 50 });
      await g.log(user.user_id, 'meeting');
      const badges = await eventually(async () => {
        const reply = await g.call('GET', '/api/badges', user.token);
        expect(reply.body).toHaveLength(3);
        return reply.body as Array<{ badge_type: string }>;
      });
      // 60 points also made the daily goal.
      expect(badges.map((b) => b.badge_type)).toEqual(['daily_victory', 'call_crusher', 'first_meeting']);
      expect((await g.call('GET', '/api/badges')).status).toBe(401);
    });

    it('answers the 15 badge definitions with the daily goal', async () => {
      const user = await g.register();
      const reply = await g.call('GET', '/api/badge-definitions', user.token);
      expect(reply.status).toBe(200);
      expect(reply.body.daily_goal_points).toBe(50);
      expect(reply.body.definitions).toHaveLength(15);
      expect(reply.body.definitions[0]).toEqual({ key: 'daily_victory', name: 'Daily Victory', description: expect.any(String), cycle: 'daily', type: 'repeatable', icon: '🏆' });
      expect((await g.call('GET', '/api/badge-definitions')).status).toBe(401);
    });

    it('answers my standing with the gap to the next user up', async () => {
      g.freshDay();
      const [top, second, me] = [await g.register(), await g.register(), await g.register()];
      await g.log(top.user_id, 'meeting', { quantity: 3 }); // 30
      await g.log(second.user_id, 'meeting'); // 10
      await g.log(me.user_id, 'doorknock'); // 3
      await board('/api/leaderboard', (r) => expect(r).toHaveLength(3));
      expect((await g.call('GET', '/api/leaderboard/me?window=today', me.token)).body).toEqual({ rank: 3, points: 3, gap_to_next: 8, window: 'today' });
      expect((await g.call('GET', '/api/leaderboard/me', second.token)).body).toEqual({ rank: 2, points: 10, gap_to_next: 21, window: 'today' });
      expect((await g.call('GET', '/api/leaderboard/me', top.token)).body).toEqual({ rank: 1, points: 30, gap_to_next: null, window: 'today' });
      const idle = await g.register();
      expect((await g.call('GET', '/api/leaderboard/me', idle.token)).body).toEqual({ rank: null, points: 0, gap_to_next: null, window: 'today' });
      expect((await g.call('GET', '/api/leaderboard/me')).status).toBe(401);
      expect((await g.call('GET', '/api/leaderboard/me?window=month', me.token)).status).toBe(422);
    });

    it('hides a user with show_on_leaderboard off from rows, ranks and gaps', async () => {
      g.freshDay();
      const [shy, me, other] = [await g.register(), await g.register(), await g.register()];
      await g.log(shy.user_id, 'meeting', { quantity: 2 }); // 20
      await g.log(me.user_id, 'meeting'); // 10
      await g.log(other.user_id, 'doorknock'); // 3
      await board('/api/leaderboard', (r) => expect(r.map((x) => x.id)).toEqual([shy.user_id, me.user_id, other.user_id]));
      expect((await g.call('GET', '/api/leaderboard/me', me.token)).body).toMatchObject({ rank: 2, gap_to_next: 11 });

      await g.update(shy, { show_on_leaderboard: false });
      await board('/api/leaderboard', (r) => expect(r.map((x) => [x.id, x.rank])).toEqual([[me.user_id, 1], [other.user_id, 2]]));
      expect((await g.call('GET', '/api/leaderboard/me', me.token)).body).toEqual({ rank: 1, points: 10, gap_to_next: null, window: 'today' });
      expect((await g.call('GET', '/api/leaderboard/me', other.token)).body).toEqual({ rank: 2, points: 3, gap_to_next: 8, window: 'today' });
      expect((await g.call('GET', '/api/leaderboard/me', shy.token)).body).toEqual({ rank: null, points: 20, gap_to_next: null, window: 'today' });
      const ranks = await g.bus.request(RANKS_REQUEST, { user_ids: [shy.user_id, me.user_id, other.user_id], window: 'today' }, 2000);
      expect(ranks).toEqual({ [shy.user_id]: null, [me.user_id]: 1, [other.user_id]: 2 });
      // Passing a hidden user is not a rank change.
      const activityId = randomUUID();
      const received: ActivityEffects[] = [];
      const sub = await g.bus.subscribeTransient(EFFECTS_SUBJECT, (p) => received.push(...effectsIn(p, (id) => id === activityId)));
      await g.log(other.user_id, 'meeting', { quantity: 2, activityId }); // 23: past me (10) and shy (20)
      await eventually(async () => expect(received).toHaveLength(1));
      await sub.stop();
      expect(received[0]!.rank_change).toEqual({ new_rank: 1, positions_gained: 1, passed_users: [{ id: me.user_id, username: me.username }] });
    });

    it('fills 20 rows past hidden users', async () => {
      g.freshDay();
      const users = await Promise.all(Array.from({ length: 23 }, () => g.register()));
      await Promise.all(users.map((u, i) => g.log(u.user_id, 'cold_call', { quantity: 30 - i })));
      await Promise.all(users.slice(0, 3).map((u) => g.update(u, { show_on_leaderboard: false })));
      const rows = await board('/api/leaderboard', (r) => {
        expect(r).toHaveLength(20);
        expect(r[0].id).toBe(users[3]!.user_id);
      });
      expect(rows.map((r) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(rows[19].id).toBe(users[22]!.user_id);
    });

    it('sums the 7 local dates ending today on 7 Days, and only today on Today', async () => {
      const day = g.freshDay();
      const shift = (n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
      const user = await g.register();
      await g.log(user.user_id, 'cold_call', { localDate: shift(-7) }); // outside the window
      await g.log(user.user_id, 'email', { localDate: shift(-6), quantity: 2 });
      await g.log(user.user_id, 'meeting', { localDate: shift(-3) });
      await g.log(user.user_id, 'doorknock', { localDate: day });
      await board('/api/leaderboard/7d', (r) => expect(points(r)).toEqual({ [user.user_id]: 15 }));
      await board('/api/leaderboard/today', (r) => expect(points(r)).toEqual({ [user.user_id]: 3 }));
      expect((await g.call('GET', '/api/leaderboard/me?window=alltime', user.token)).body).toMatchObject({ points: 16 });
      expect((await g.call('GET', '/api/leaderboard/me?window=7d', user.token)).body).toMatchObject({ points: 15, window: '7d' });
      g.clock.advance(86_400_000); // tomorrow: the 6-days-ago email leaves the window
      await board('/api/leaderboard/7d', (r) => expect(points(r)).toEqual({ [user.user_id]: 13 }));
    });

    it("reads Today on the viewer's local date: the token's timezone, else ?tz=, else UTC", async () => {
      const day = g.freshDay(); // 15:00 UTC: already the next day in Auckland
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const kiwi = await g.register({ timezone: 'Pacific/Auckland' });
      await g.log(kiwi.user_id, 'meeting', { localDate: next, timezone: 'Pacific/Auckland' });
      await board('/api/leaderboard?tz=Pacific%2FAuckland', (r) => expect(points(r)).toEqual({ [kiwi.user_id]: 10 }));
      await board('/api/leaderboard/today', (r) => expect(points(r)[kiwi.user_id]).toBeUndefined());
      await board('/api/leaderboard/today', (r) => expect(points(r)[kiwi.user_id]).toBe(10), kiwi.token);

      const badTz = await g.call('GET', '/api/leaderboard/today?tz=Mars%2FOlympus');
      expect(badTz.status).toBe(422);
      expect(badTz.body.detail[0].loc).toEqual(['query', 'tz']);
      const badWindow = await g.call('GET', '/api/leaderboard/yearly');
      expect(badWindow.status).toBe(422);
      expect(badWindow.body.detail[0].loc).toEqual(['path', 'window']);
    });

    it('rebuilds identical boards from the ledger after the store is cleared', async () => {
      g.freshDay();
      const users = [await g.register(), await g.register(), await g.register()];
      await g.log(users[0]!.user_id, 'meeting');
      await g.log(users[1]!.user_id, 'cold_call', { quantity: 7 });
      g.clock.advance(86_400_000);
      await g.log(users[2]!.user_id, 'doorknock', { quantity: 2 });
      await board('/api/leaderboard', (r) => expect(points(r)[users[2]!.user_id]).toBe(6));
      const snapshot = async () => {
        const keys = liveKeyDeltas(g.clock.now()).map((d) => d.key);
        const sets = await Promise.all(keys.map((k) => g.store.top(k, 10_000)));
        // Deleted users stay at zero in the incremental sets; boards never show them.
        return Object.fromEntries(keys.map((k, i) => [k, sets[i]!.filter((m) => m.score > 0)]).filter(([, members]) => members.length > 0));
      };
      const before = await snapshot();
      expect(Object.keys(before).length).toBeGreaterThan(3);
      await g.store.clear();
      expect(await g.store.top('alltime', 10)).toEqual([]);
      await rebuildLeaderboards(g.db, g.store, g.clock.now());
      expect(await snapshot()).toEqual(before);
      // The apply markers came back too: a redelivered activity still counts once.
      const event = await g.log(users[0]!.user_id, 'email');
      await board('/api/leaderboard', (r) => expect(points(r)[users[0]!.user_id]).toBe(1));
      await g.redeliver(event);
      const marker = await g.register();
      await g.log(marker.user_id, 'email');
      await board('/api/leaderboard', (r) => expect(points(r)).toMatchObject({ [users[0]!.user_id]: 1, [marker.user_id]: 1 }));
    });

    it('removes a deleted user from boards, badges and stats, and ignores their late events', async () => {
      g.freshDay();
      const [gone, stays] = [await g.register(), await g.register()];
      await g.log(gone.user_id, 'meeting');
      await g.log(stays.user_id, 'email');
      const standing = (window: string, token: string) => g.call('GET', `/api/leaderboard/me?window=${window}`, token).then((r) => r.body);
      await eventually(async () => expect(await standing('alltime', gone.token)).toMatchObject({ points: 10 }));
      await g.bus.publish({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: new Date().toISOString(), data: { user_id: gone.user_id } });
      await board('/api/leaderboard', (r) => expect(points(r)).toEqual({ [stays.user_id]: 1 }));
      for (const window of ['today', '7d', 'alltime']) expect(await standing(window, gone.token)).toMatchObject({ rank: null, points: 0 });
      expect((await g.call('GET', '/api/badges', gone.token)).body).toEqual([]);
      expect(await g.bus.request(USER_STATS_REQUEST, { user_id: gone.user_id }, 2000)).toEqual({ streak_days: 0, badges: [] });
      await g.log(gone.user_id, 'meeting');
      await g.log(stays.user_id, 'email');
      await board('/api/leaderboard', (r) => expect(points(r)).toEqual({ [stays.user_id]: 2 }));
      const ledger = await g.db.withSchema('gamification').selectFrom('ledger').select('id').where('user_id', '=', gone.user_id).execute();
      expect(ledger).toEqual([]);
    });

    it('answers RANKS and USER_STATS requests', async () => {
      const day = g.freshDay();
      const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const [a, b, absent] = [await g.register(), await g.register(), await g.register()];
      await g.log(a.user_id, 'meeting', { localDate: yesterday });
      await g.log(a.user_id, 'meeting');
      await g.log(b.user_id, 'meeting', { quantity: 2 });
      await board('/api/leaderboard', (r) => expect(r).toHaveLength(2));
      expect(await g.bus.request(RANKS_REQUEST, { user_ids: [a.user_id, b.user_id, absent.user_id], window: 'today' }, 2000)).toEqual({
        [b.user_id]: 1,
        [a.user_id]: 2,
        [absent.user_id]: null,
      });
      expect(await g.bus.request(RANKS_REQUEST, { user_ids: [a.user_id], window: 'alltime', timezone: 'Asia/Tokyo' }, 2000)).toEqual({ [a.user_id]: expect.any(Number) });
      const stats = await g.bus.request<{ streak_days: number; badges: Array<{ badge_type: string }> }>(USER_STATS_REQUEST, { user_id: a.user_id }, 2000);
      expect(stats.streak_days).toBe(2);
      expect(stats.badges.map((x) => x.badge_type)).toEqual(['first_meeting']);
    });

    it('stores a message that cannot be processed as a dead letter', async () => {
      g.bus.broker.publish('activity.logged', randomUUID(), '{"not":"an event"}');
      const letters = await eventually(async () => {
        const rows = await g.db.withSchema('gamification').selectFrom('dead_letters').selectAll().execute();
        expect(rows).toHaveLength(1);
        return rows;
      });
      expect(letters[0]).toMatchObject({ subject: 'activity.logged', durable: 'gamification_activity', payload: '{"not":"an event"}' });
    });
  });
}
