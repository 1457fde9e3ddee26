import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Client } from 'pg';
import { BUS_QUESTIONS, EFFECTS_SUBJECT, effectsIn, type ActivityEffects, type ActivityType } from '@warriors/contracts';
import { fixedClock, type Database } from '@warriors/kit';
import { createTestDatabase, eventuallyPasses } from '@warriors/test-support';
import { liveKeyDeltas } from '../../src/domain/windows';
import { ACTIVITY_WAIT_MS } from '../../src/use-cases/record-campaign-bonus';
import { rebuildLeaderboards } from '../../src/use-cases/rebuild-leaderboards';
import type { LeaderboardStore } from '@warriors/kit';
import { campaignCompleted, expectPointsOwed, startGamification, type TestGamification } from './harness';

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
      const test = await createTestDatabase('gamification');
      database = test.database;
      databaseUrl = test.url;
      drop = test.drop;
      const clock = fixedClock('2030-01-01T00:00:00Z');
      const { store, cleanup } = makeStore(() => clock.now().getTime());
      cleanupStore = cleanup;
      g = await startGamification(store, clock, database);
    });

    afterAll(async () => {
      await g.close();
      await cleanupStore();
      await drop();
    });

    const points = (rows: Array<{ id: string; points: number }>) => Object.fromEntries(rows.map((r) => [r.id, r.points]));
    /** Polls a board until `check` passes: the consumer and the 1 s response cache both lag a little. */
    const board = (path: string, check: (rows: any[]) => void, token?: string) =>
      eventuallyPasses(async () => {
        const reply = await g.call('GET', path, token);
        expect(reply.status).toBe(200);
        check(reply.body);
        return reply.body as any[];
      });
    const pointsOf = async (userId: string, window = 'today') => {
      const row = await g.db
        .withSchema('gamification')
        .selectFrom('ledger')
        .select(sql<number>`coalesce(sum(points), 0)::int`.as('p'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { ledger: row.p, window };
    };

    /** Logs an activity and answers the effects gamification publishes for it. */
    const logWithEffects = async (userId: string, type: ActivityType, options: { quantity?: number } = {}) => {
      const activityId = randomUUID();
      const received: ActivityEffects[] = [];
      const sub = await g.bus.subscribeTransient(EFFECTS_SUBJECT, (payload) => received.push(...effectsIn(payload, (id) => id === activityId)));
      const event = await g.log(userId, type, { ...options, activityId });
      const effects = await eventuallyPasses(async () => {
        expect(received).toHaveLength(1);
        return received[0]!;
      });
      await sub.stop();
      return { activityId, event, effects };
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

    it("drops every instance's cached top 20 as soon as any instance changed the boards", async () => {
      g.freshDay();
      const ana = await g.register();
      const other = await g.addInstance();
      try {
        const onOther = (check: (rows: any[]) => void) =>
          eventuallyPasses(async () => {
            const reply = await other.call('GET', '/api/leaderboard/today');
            expect(reply.status).toBe(200);
            check(reply.body);
          });
        await g.log(ana.user_id, 'meeting');
        // Both instances now keep a top 20 with Ana's 10 points, and the pinned clock never ages it:
        // only a notice from the instance that applies the next points can drop the other's copy.
        await board('/api/leaderboard/today', (rows) => expect(points(rows)).toEqual({ [ana.user_id]: 10 }));
        await onOther((rows) => expect(points(rows)).toEqual({ [ana.user_id]: 10 }));
        // The two instances share the events, so each applies some of them.
        for (let calls = 1; calls <= 6; calls++) {
          await g.log(ana.user_id, 'cold_call');
          await board('/api/leaderboard/today', (rows) => expect(points(rows)).toEqual({ [ana.user_id]: 10 + calls }));
          await onOther((rows) => expect(points(rows)).toEqual({ [ana.user_id]: 10 + calls }));
        }
      } finally {
        await other.stop();
      }
    });

    it('publishes the effects of an activity: badges and the rank change, no milestones (campaigns owns goals)', async () => {
      g.freshDay();
      const [low, mid, climber] = [await g.register(), await g.register(), await g.register()];
      await g.log(low.user_id, 'cold_call', { quantity: 5 });
      await g.log(mid.user_id, 'cold_call', { quantity: 8 });
      await board('/api/leaderboard', (r) => expect(r).toHaveLength(2));
      // 20 points: 25% (13) crossed, not 50% (25)
      const { activityId, effects } = await logWithEffects(climber.user_id, 'meeting', { quantity: 2 });
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
        held_message: null,
        // The climber's first day.
        streak_days: 1,
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
      await eventuallyPasses(async () => expect(await inbox()).toHaveLength(1));
      const marker = await g.register();
      await g.log(marker.user_id, 'email');
      // The marker's point arrives after every redelivery on the one durable consumer.
      await board('/api/leaderboard', (r) => expect(points(r)).toEqual({ [user.user_id]: 3, [marker.user_id]: 1 }));
      expect(await pointsOf(user.user_id)).toEqual({ ledger: 3, window: 'today' });
      await eventuallyPasses(async () => expect(received).toHaveLength(1));
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
        await eventuallyPasses(async () => {
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
      await eventuallyPasses(async () => expect(await mine()).toBe(50));
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
      await eventuallyPasses(async () => expect(await mine()).toBe(100));
      expect(await pointsOf(user.user_id)).toEqual({ ledger: 100, window: 'today' });
      // The next day is a new cycle: earned again, repeat_count 2; a 51st call the same day adds nothing.
      await g.log(user.user_id, 'cold_call');
      g.clock.advance(24 * 60 * 60 * 1000);
      await Promise.all(Array.from({ length: 50 }, () => g.log(user.user_id, 'cold_call')));
      await eventuallyPasses(async () => expect((await g.call('GET', '/api/badges', user.token)).body[1]).toMatchObject({ badge_type: 'call_crusher', repeat_count: 2 }));
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
      const badges = await eventuallyPasses(async () => {
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
      await board('/api/leaderboard', (r) =>
        expect(r.map((x) => [x.id, x.rank])).toEqual([
          [me.user_id, 1],
          [other.user_id, 2],
        ]),
      );
      expect((await g.call('GET', '/api/leaderboard/me', me.token)).body).toEqual({ rank: 1, points: 10, gap_to_next: null, window: 'today' });
      expect((await g.call('GET', '/api/leaderboard/me', other.token)).body).toEqual({ rank: 2, points: 3, gap_to_next: 8, window: 'today' });
      expect((await g.call('GET', '/api/leaderboard/me', shy.token)).body).toEqual({ rank: null, points: 20, gap_to_next: null, window: 'today' });
      const ranks = await g.bus.request(BUS_QUESTIONS.ranks.subject, { user_ids: [shy.user_id, me.user_id, other.user_id], window: 'today' }, 2000);
      expect(ranks).toEqual({ [shy.user_id]: null, [me.user_id]: 1, [other.user_id]: 2 });
      // Passing a hidden user is not a rank change.
      const activityId = randomUUID();
      const received: ActivityEffects[] = [];
      const sub = await g.bus.subscribeTransient(EFFECTS_SUBJECT, (p) => received.push(...effectsIn(p, (id) => id === activityId)));
      await g.log(other.user_id, 'meeting', { quantity: 2, activityId }); // 23: past me (10) and shy (20)
      await eventuallyPasses(async () => expect(received).toHaveLength(1));
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

    it('rebuilds identical boards from the ledger by itself after the store is cleared (a flush)', async () => {
      g.freshDay();
      const users = [await g.register(), await g.register(), await g.register()];
      const early = await g.log(users[0]!.user_id, 'meeting');
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
      await eventuallyPasses(async () => expect(await g.store.isComplete()).toBe(true));
      expect(await snapshot()).toEqual(before);
      // The rebuild marked what it counted: a redelivery of an activity from before the flush, or one
      // applied after the rebuild, still counts once.
      const event = await g.log(users[0]!.user_id, 'email');
      await board('/api/leaderboard', (r) => expect(points(r)[users[0]!.user_id]).toBe(1));
      await g.redeliver(event);
      await g.redeliver(early);
      const marker = await g.register();
      await g.log(marker.user_id, 'email');
      await board('/api/leaderboard', (r) => expect(points(r)).toMatchObject({ [users[0]!.user_id]: 1, [marker.user_id]: 1 }));
      const allTime = await g.call('GET', '/api/leaderboard/me?window=alltime', users[0]!.token);
      expect(allTime.body).toMatchObject({ points: 11 });
    });

    it('removes a deleted user from boards, badges and stats, refuses their token, and ignores their late events', async () => {
      g.freshDay();
      const [gone, stays] = [await g.register(), await g.register()];
      await g.log(gone.user_id, 'meeting');
      await g.log(stays.user_id, 'email');
      const standing = (window: string, token: string) => g.call('GET', `/api/leaderboard/me?window=${window}`, token);
      await eventuallyPasses(async () => expect((await standing('alltime', gone.token)).body).toMatchObject({ points: 10 }));
      await g.bus.publish({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: new Date().toISOString(), data: { user_id: gone.user_id } });
      await board('/api/leaderboard', (r) => expect(points(r)).toEqual({ [stays.user_id]: 1 }));
      // The token is still signed and unexpired, but its account is gone: every signed-in route refuses it as auth does.
      const refused = { status: 401, body: { detail: 'Could not validate credentials' } };
      for (const window of ['today', '7d', 'alltime']) expect(await standing(window, gone.token)).toEqual(refused);
      expect(await g.call('GET', '/api/badges', gone.token)).toEqual(refused);
      expect(await g.call('GET', '/api/badge-definitions', gone.token)).toEqual(refused);
      expect((await g.call('GET', '/api/badges', stays.token)).status).toBe(200);
      expect(await g.bus.request(BUS_QUESTIONS.userStats.subject, { user_id: gone.user_id }, 2000)).toEqual({
        streak_days: 0,
        streak_freezes: 0,
        streak_protected: false,
        badges: [],
      });
      await g.log(gone.user_id, 'meeting');
      await g.log(stays.user_id, 'email');
      await board('/api/leaderboard', (r) => expect(points(r)).toEqual({ [stays.user_id]: 2 }));
      const ledger = await g.db.withSchema('gamification').selectFrom('ledger').select('id').where('user_id', '=', gone.user_id).execute();
      expect(ledger).toEqual([]);
    });

    it('lets a new user in before their user.registered has arrived', async () => {
      const newcomer = g.tokens.sign({ id: randomUUID() });
      expect(await g.call('GET', '/api/badges', newcomer)).toEqual({ status: 200, body: [] });
      expect(await g.call('GET', '/api/leaderboard/me?window=today', newcomer)).toMatchObject({ status: 200, body: { rank: null, points: 0 } });
    });

    it('answers RANKS and USER_STATS requests', async () => {
      const day = g.freshDay();
      const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const [a, b, absent] = [await g.register(), await g.register(), await g.register()];
      await g.log(a.user_id, 'meeting', { localDate: yesterday });
      await g.log(a.user_id, 'meeting');
      await g.log(b.user_id, 'meeting', { quantity: 2 });
      await board('/api/leaderboard', (r) => expect(r).toHaveLength(2));
      expect(await g.bus.request(BUS_QUESTIONS.ranks.subject, { user_ids: [a.user_id, b.user_id, absent.user_id], window: 'today' }, 2000)).toEqual({
        [b.user_id]: 1,
        [a.user_id]: 2,
        [absent.user_id]: null,
      });
      expect(await g.bus.request(BUS_QUESTIONS.ranks.subject, { user_ids: [a.user_id], window: 'alltime', timezone: 'Asia/Tokyo' }, 2000)).toEqual({
        [a.user_id]: expect.any(Number),
      });
      const stats = await g.bus.request<{ streak_days: number; badges: Array<{ badge_type: string }> }>(BUS_QUESTIONS.userStats.subject, { user_id: a.user_id }, 2000);
      expect(stats.streak_days).toBe(2);
      expect(stats.badges.map((x) => x.badge_type)).toEqual(['first_meeting']);
    });

    it('stores a message that cannot be processed as a dead letter', async () => {
      g.bus.broker.publish('activity.logged', randomUUID(), '{"not":"an event"}');
      const letters = await eventuallyPasses(async () => {
        const rows = await g.db.withSchema('gamification').selectFrom('dead_letters').selectAll().execute();
        expect(rows).toHaveLength(1);
        return rows;
      });
      expect(letters[0]).toMatchObject({ subject: 'activity.logged', durable: 'gamification_activity', payload: '{"not":"an event"}' });
    });

    it('keeps a day above its ceiling off every board until its owner confirms it, and counts the confirmation once', async () => {
      g.freshDay();
      const ana = await g.register();
      const bo = await g.register();
      for (let i = 0; i < 3; i++) await g.log(ana.user_id, 'deal_closed'); // 150, at the ceiling of 3
      const { activityId: heldId, event: held, effects } = await logWithEffects(ana.user_id, 'deal_closed', { quantity: 100 }); // 5,000, held
      expect(effects).toEqual({
        activity_id: heldId,
        source: 'gamification',
        badges: [],
        milestones: [],
        rank_change: null,
        campaign_completed: null,
        held_message: 'Held for your confirmation: 103 Deals Closed today is above the daily limit of 3. Confirm this entry to add its 5000 points to the leaderboards.',
        // The three deals before it made the day; the held one adds nothing.
        streak_days: 1,
      });
      const listed = await eventuallyPasses(async () => {
        const reply = await g.call('GET', '/api/activity/held', ana.token);
        expect(reply.body).toHaveLength(1);
        return reply.body;
      });
      expect(listed).toEqual([
        { activity_id: heldId, activity_type: 'deal_closed', quantity: 100, points: 5000, local_date: held.data.local_date, logged_at: held.data.occurred_at, held: true },
      ]);
      const boards = async () => ({
        today: points((await g.call('GET', '/api/leaderboard/today')).body)[ana.user_id],
        week: points((await g.call('GET', '/api/leaderboard/7d')).body)[ana.user_id],
        allTime: points((await g.call('GET', '/api/leaderboard/alltime')).body)[ana.user_id],
        me: (await g.call('GET', '/api/leaderboard/me', ana.token)).body.points,
      });
      await eventuallyPasses(async () => expect(await boards()).toEqual({ today: 150, week: 150, allTime: 150, me: 150 }));

      // Only its owner may confirm it: anyone else, a made-up id and no token learn nothing.
      expect(await g.call('POST', `/api/activity/${heldId}/confirm`, bo.token)).toEqual({ status: 404, body: { detail: 'Activity not found' } });
      expect(await g.call('POST', `/api/activity/${randomUUID()}/confirm`, ana.token)).toEqual({ status: 404, body: { detail: 'Activity not found' } });
      expect(await g.call('POST', '/api/activity/not-an-id/confirm', ana.token)).toEqual({ status: 404, body: { detail: 'Activity not found' } });
      expect((await g.call('POST', `/api/activity/${heldId}/confirm`)).status).toBe(401);
      expect((await g.call('GET', '/api/activity/held', bo.token)).body).toEqual([]);

      for (let i = 0; i < 3; i++) {
        const confirmed = await g.call('POST', `/api/activity/${heldId}/confirm`, ana.token);
        expect(confirmed).toEqual({ status: 200, body: { ...listed[0], held: false } });
      }
      await eventuallyPasses(async () => expect(await boards()).toEqual({ today: 5150, week: 5150, allTime: 5150, me: 5150 }));
      expect((await g.call('GET', '/api/activity/held', ana.token)).body).toEqual([]);
      const totals = await g.db.withSchema('gamification').selectFrom('daily_totals').select(['quantity', 'points']).where('user_id', '=', ana.user_id).execute();
      expect(totals).toEqual([{ quantity: 103, points: 5150 }]);

      // A redelivery of the held event after its confirmation changes nothing, nor does a rebuild.
      await g.redeliver(held);
      await g.log(bo.user_id, 'email');
      await board('/api/leaderboard/today', (rows) => expect(points(rows)[bo.user_id]).toBe(1));
      expect(await boards()).toEqual({ today: 5150, week: 5150, allTime: 5150, me: 5150 });
      await rebuildLeaderboards(g.db, g.store, g.clock.now());
      await g.call('POST', `/api/activity/${heldId}/confirm`, ana.token);
      await eventuallyPasses(async () => expect(await boards()).toEqual({ today: 5150, week: 5150, allTime: 5150, me: 5150 }));
    });

    describe('a campaign bonus of a goal completed with held entries', () => {
      type Owed = Array<[{ user_id: string; token: string }, number]>;
      /**
       * Each user of `owed` has exactly their points on Today and 7 Days (fresh days: this test's users
       * only) and on All Time (read by their standing: the suite's earlier users fill its top 20).
       */
      const boardsOwe = async (what: string, owed: Owed) => {
        const expected = Object.fromEntries(owed.map(([user, owes]) => [user.user_id, owes]));
        for (const window of ['today', '7d']) await board(`/api/leaderboard/${window}`, (rows) => expectPointsOwed(`${what}, ${window}`, expected, points(rows)));
        await eventuallyPasses(async () => {
          const standings = await Promise.all(owed.map(async ([user]) => [user.user_id, (await g.call('GET', '/api/leaderboard/me?window=alltime', user.token)).body.points]));
          expectPointsOwed(`${what}, alltime`, expected, Object.fromEntries(standings));
        });
      };
      const bonusRow = (eventId: string) =>
        g.db.withSchema('gamification').selectFrom('ledger').select(['held', 'confirmed_at']).where('source_id', '=', eventId).executeTakeFirst();

      it('is held with them, released when the last of them is confirmed, and counted once', async () => {
        g.freshDay();
        const [ana, bo] = [await g.register(), await g.register()];
        await g.log(ana.user_id, 'meeting', { quantity: 20 }); // 200, at the meeting ceiling of 20
        const first = await logWithEffects(ana.user_id, 'meeting', { quantity: 100 }); // 1,000, held
        const second = await logWithEffects(ana.user_id, 'meeting', { quantity: 50 }); // 500, held
        expect([first.effects.held_message, second.effects.held_message]).toEqual([expect.any(String), expect.any(String)]);
        const boWork = await g.log(bo.user_id, 'meeting', { quantity: 2 }); // 20
        // A custom goal's bonus is floor(10% of the target's points): 100 for the goal of 100 meetings.
        const bonus = campaignCompleted(g.clock, ana.user_id, 100, first.activityId);
        await g.bus.publish(bonus);
        await g.bus.publish(bonus, { msgId: randomUUID() });
        // Bo has no held entry: his bonus counts at once, as it always did.
        await g.bus.publish(campaignCompleted(g.clock, bo.user_id, 2, boWork.data.activity_id));
        await boardsOwe('held bonus', [
          [ana, 200],
          [bo, 22],
        ]);
        expect(await bonusRow(bonus.id)).toEqual({ held: true, confirmed_at: null });
        expect((await g.call('GET', '/api/activity/held', ana.token)).body.map((a: { activity_id: string }) => a.activity_id)).toEqual([second.activityId, first.activityId]);
        await rebuildLeaderboards(g.db, g.store, g.clock.now());
        await boardsOwe('held bonus after a rebuild', [
          [ana, 200],
          [bo, 22],
        ]);

        // Confirming the entry that completed the goal is not enough while another is held.
        expect((await g.call('POST', `/api/activity/${first.activityId}/confirm`, ana.token)).status).toBe(200);
        await boardsOwe('one of two confirmed', [
          [ana, 1200],
          [bo, 22],
        ]);
        expect(await bonusRow(bonus.id)).toEqual({ held: true, confirmed_at: null });

        for (let i = 0; i < 3; i++) expect((await g.call('POST', `/api/activity/${second.activityId}/confirm`, ana.token)).status).toBe(200);
        await boardsOwe('both confirmed', [
          [ana, 1800],
          [bo, 22],
        ]);
        expect(await bonusRow(bonus.id)).toEqual({ held: false, confirmed_at: g.clock.now() });
        expect(await g.call('GET', '/api/leaderboard/me', ana.token)).toMatchObject({ status: 200, body: { points: 1800 } });

        // A late copy of the bonus, a rebuild and a repeated confirm add nothing.
        await g.bus.publish(bonus, { msgId: randomUUID() });
        await g.bus.publish(campaignCompleted(g.clock, bo.user_id, 1));
        await boardsOwe('bonus redelivered after its release', [
          [ana, 1800],
          [bo, 23],
        ]);
        await rebuildLeaderboards(g.db, g.store, g.clock.now());
        await g.call('POST', `/api/activity/${first.activityId}/confirm`, ana.token);
        await boardsOwe('released bonus after a rebuild', [
          [ana, 1800],
          [bo, 23],
        ]);
      });

      it('waits for the activity that completed the goal when it arrives after the bonus', async () => {
        g.freshDay();
        const [cy, di] = [await g.register(), await g.register()];
        await g.log(cy.user_id, 'meeting', { quantity: 20 }); // 200, at the ceiling
        const [floodId, honestId] = [randomUUID(), randomUUID()];
        // Campaigns saw these activities first: their bonuses come before gamification applied them.
        await g.bus.publish(campaignCompleted(g.clock, cy.user_id, 100, floodId));
        await g.bus.publish(campaignCompleted(g.clock, di.user_id, 2, honestId));
        await g.log(cy.user_id, 'meeting', { quantity: 100, activityId: floodId }); // 1,000, held
        await g.log(di.user_id, 'meeting', { quantity: 2, activityId: honestId }); // 20
        await boardsOwe('bonuses ahead of their activities', [
          [cy, 200],
          [di, 22],
        ]);

        await g.call('POST', `/api/activity/${floodId}/confirm`, cy.token);
        await boardsOwe('the late activity confirmed', [
          [cy, 1300],
          [di, 22],
        ]);
      });

      it('stops waiting for an activity that never comes once the wait is over, and decides on the entries it has', async () => {
        g.freshDay();
        const [gus, hal] = [await g.register(), await g.register()];
        // Their activity.logged never reaches gamification (say it was dead-lettered here).
        await g.bus.publish(campaignCompleted(g.clock, gus.user_id, 40, randomUUID()));
        await g.bus.publish(campaignCompleted(g.clock, hal.user_id, 2, randomUUID()));
        await boardsOwe('bonuses waiting for their activities', [
          [gus, 0],
          [hal, 0],
        ]);
        g.clock.advance(ACTIVITY_WAIT_MS + 1);
        await boardsOwe('bonuses past the wait, no held entries', [
          [gus, 40],
          [hal, 2],
        ]);
      });

      it('of a deleted user is gone for good', async () => {
        g.freshDay();
        const [ed, fay] = [await g.register(), await g.register()];
        await g.log(ed.user_id, 'meeting', { quantity: 20 });
        const flood = await logWithEffects(ed.user_id, 'meeting', { quantity: 100 });
        const bonus = campaignCompleted(g.clock, ed.user_id, 100, flood.activityId);
        await g.bus.publish(bonus);
        await g.bus.publish(campaignCompleted(g.clock, fay.user_id, 3));
        await boardsOwe('before the deletion', [
          [ed, 200],
          [fay, 3],
        ]);
        await g.bus.publish({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: g.clock.now().toISOString(), data: { user_id: ed.user_id } });
        await eventuallyPasses(async () => expect(await bonusRow(bonus.id)).toBeUndefined());
        // Their token is refused, and nothing of theirs is left to confirm.
        expect((await g.call('POST', `/api/activity/${flood.activityId}/confirm`, ed.token)).status).toBe(401);
        await g.bus.publish(bonus, { msgId: randomUUID() });
        await g.bus.publish(campaignCompleted(g.clock, fay.user_id, 1));
        await boardsOwe('after the deletion', [
          [ed, 0],
          [fay, 4],
        ]);
        expect(await bonusRow(bonus.id)).toBeUndefined();
      });
    });
  });
}
