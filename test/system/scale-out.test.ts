import { randomBytes, randomUUID } from 'node:crypto';
import { createPostgresDatabase } from '@warriors/kit';
import { sql } from 'kysely';
import {
  faultFigures,
  openPulseSocket,
  recordFaultFigures,
  sampleValue,
  scrapeMetrics,
  socketUrl,
  startOwnNatsCluster,
  startOwnRedisSentinel,
  waitFor,
  type OwnNatsCluster,
  type OwnRedisSentinel,
  type PulseClient,
} from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { startStack, UNTHROTTLED_LOGGING, type TestStack } from '../support/stack';

jest.setTimeout(900_000);

/**
 * The product scaled out on clustered engines, with failures mid-load: two instances each of
 * activity, gamification, campaigns, challenges and social behind the gateway; a 3-node NATS
 * JetStream cluster with the stream at 3 replicas; Redis as a primary, a replica and three
 * sentinels. While 100 users log, one activity and one gamification instance, the stream's leader
 * node and the Redis primary are killed. Every figure a user can see must then equal the logs that
 * were answered 2xx: nothing lost, nothing counted twice.
 */

const USERS = 100;
const LOGS = Number(process.env.SCALE_OUT_LOGS ?? 3000);
const LANES = 24;
const TYPES = ['cold_call', 'doorknock', 'email', 'direct_mail'] as const;
const POINTS: Record<(typeof TYPES)[number], number> = { cold_call: 1, doorknock: 3, email: 1, direct_mail: 2 };
const SCALED = { activity: 2, gamification: 2, campaigns: 2, challenges: 2, social: 2 };
const SETTLE_MS = 180_000;
const METRICS_TOKEN = randomBytes(32).toString('base64url');
/** Instances left running after the kills, one of each consuming service. */
const SURVIVORS = ['activity', 'gamification', 'campaigns-2', 'challenges-2', 'social-2'];

interface Warrior {
  id: string;
  token: string;
  goalId: number;
  challengeId: number;
}

/** One attempt of one request: when, and how it ended (a status, or 0 for no answer at all). */
interface Attempt {
  at: number;
  status: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scale-out: N instances on clustered NATS and Redis, with kills mid-load', () => {
  let nats: OwnNatsCluster;
  let redis: OwnRedisSentinel;
  let stack: TestStack;

  beforeAll(async () => {
    nats = await startOwnNatsCluster();
    redis = await startOwnRedisSentinel();
    stack = await startStack({
      instances: SCALED,
      env: {
        ...UNTHROTTLED_LOGGING,
        METRICS_TOKEN,
        NATS_URL: nats.urls,
        NATS_STREAM_REPLICAS: '3',
        REDIS_SENTINELS: redis.sentinels,
        REDIS_SENTINEL_MASTER: redis.masterName,
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.stop();
    await nats?.stop();
  });

  it('counts every log answered 2xx exactly once on every board, goal and challenge while instances and nodes die', async () => {
    const api = apiClient(stack.url);
    const day = 24 * 60 * 60 * 1000;

    // 100 warriors, each with an active 7-day goal and in one of ten public challenges.
    const warriors: Warrior[] = [];
    const hosts: Array<{ token: string; challengeId: number }> = [];
    for (let i = 0; i < USERS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, async (_, j) => {
          const answer = await api.signup({ name: `Scale Warrior ${i + j}`, timezone: 'UTC' });
          expect(answer.status).toBe(201);
          return { id: answer.body.user.id as string, token: answer.body.access_token as string };
        }),
      );
      const host = batch[0]!;
      const created = await retryUntil(() =>
        api.call('POST', '/api/challenges', {
          token: host.token,
          body: { name: `Scale Sprint ${i / 10}`, start_at: new Date(Date.now() - 60_000).toISOString(), end_at: new Date(Date.now() + 7 * day).toISOString(), is_private: false },
        }),
      );
      const challengeId = created.body.id as number;
      hosts.push({ token: host.token, challengeId });
      for (const warrior of batch) {
        if (warrior !== host) await retryUntil(() => api.call('POST', `/api/challenges/${challengeId}/join`, { token: warrior.token }), 200);
        const goal = await retryUntil(() =>
          api.call('POST', '/api/campaigns', {
            token: warrior.token,
            body: { name: 'Scale Calls', duration_days: 7, icon: 'target', goals: [{ type: 'cold_call', count: 1000 }] },
          }),
        );
        warriors.push({ ...warrior, goalId: goal.body.id as number, challengeId });
      }
    }
    expect(warriors).toHaveLength(USERS);

    // One socket straight on each social instance, open before the load.
    const watcher = warriors[0]!;
    const sockets: PulseClient[] = [
      await openPulseSocket(socketUrl(stack.urlOf('social'), watcher.token)),
      await openPulseSocket(socketUrl(stack.urlOf('social-2'), watcher.token)),
    ];
    const socketsOpenedAt = new Date();

    // The load: LANES clients, each log with its own Idempotency-Key, retried with the same key until
    // it is answered 2xx (a client that lost its answer does exactly this).
    const attempts: Attempt[] = [];
    const owed = new Map<string, number>();
    const calls = new Map<string, number>();
    let answered = 0;
    const logOnce = async (warrior: Warrior, type: (typeof TYPES)[number]) => {
      const key = randomUUID();
      for (let attempt = 0; ; attempt++) {
        const status = await postLog(stack.url, warrior.token, type, key);
        attempts.push({ at: Date.now(), status });
        if (status === 201) break;
        if (status !== 0 && status < 500) throw new Error(`a log was refused with ${status}`);
        if (attempt > 200) throw new Error('a log was never answered 2xx');
        await pause(Math.min(1000, 50 * 2 ** Math.min(attempt, 5)));
      }
      answered += 1;
      owed.set(warrior.id, (owed.get(warrior.id) ?? 0) + POINTS[type]);
      if (type === 'cold_call') calls.set(warrior.id, (calls.get(warrior.id) ?? 0) + 1);
    };
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < LOGS; i = next++) await logOnce(warriors[(i * 7) % USERS]!, TYPES[i % TYPES.length]!);
    };
    const started = Date.now();
    const load = Promise.all(Array.from({ length: LANES }, lane));

    // The kills, spread over the load.
    const kills: Array<{ fault: string; at: number }> = [];
    const at = (fraction: number) => waitFor(() => answered >= LOGS * fraction, 300_000, `${fraction * 100}% of the logs answered`);
    await at(0.15);
    kills.push({ fault: 'SIGKILL activity-2', at: Date.now() });
    await stack.kill('activity-2');
    await at(0.35);
    kills.push({ fault: 'SIGKILL gamification-2', at: Date.now() });
    await stack.kill('gamification-2');
    await at(0.55);
    const leader = await nats.streamLeader(stack.nats.stream);
    kills.push({ fault: `SIGKILL the stream's leader (NATS node ${leader})`, at: Date.now() });
    await nats.killNode(leader);
    await at(0.75);
    kills.push({ fault: 'SIGKILL the Redis primary', at: Date.now() });
    await redis.killPrimary();
    await load;
    const loadSeconds = (Date.now() - started) / 1000;
    expect(answered).toBe(LOGS);

    // Exact, everywhere: poll until it holds, then assert it once more with the figures.
    const loadEnded = Date.now();
    const owedTotal = [...owed.values()].reduce((a, b) => a + b, 0);
    const seenEverywhere = async () => {
      const checks = await Promise.all([boardsExact(), ledgerExact(), goalsExact(), challengesExact()]);
      return checks.every(Boolean);
    };
    const standings = async (window: 'today' | '7d' | 'alltime') =>
      new Map(
        await Promise.all(warriors.map(async (w) => [w.id, (await api.call('GET', `/api/leaderboard/me?window=${window}`, { token: w.token })).body?.points as number] as const)),
      );
    const boardsExact = async () => {
      for (const window of ['today', '7d', 'alltime'] as const) {
        const figures = faultFigures(`scale-out ${window}`, owed, await standings(window));
        if (figures.lost !== 0 || figures.double !== 0) return false;
        const top = await api.list<{ id: string; points: number }>(`/api/leaderboard/${window}?tz=UTC`);
        if (!top || top.length !== Math.min(20, USERS) || top.some((row) => owed.get(row.id) !== row.points)) return false;
      }
      return true;
    };
    const ledger = createPostgresDatabase(`postgres://postgres@127.0.0.1:5432/${stack.database}`, 2);
    const ledgerExact = async () => {
      const rows = await sql<{ user_id: string; points: number; entries: number }>`
        select user_id, sum(points)::int as points, count(*)::int as entries from gamification.ledger where not held group by user_id`.execute(ledger.db);
      const entries = rows.rows.reduce((sum, row) => sum + row.entries, 0);
      return (
        entries === LOGS &&
        faultFigures('scale-out ledger', owed, new Map(rows.rows.map((r) => [r.user_id, r.points]))).lost === 0 &&
        faultFigures('scale-out ledger', owed, new Map(rows.rows.map((r) => [r.user_id, r.points]))).double === 0
      );
    };
    const goalsExact = async () => {
      for (const w of warriors) {
        const goals = await api.call('GET', '/api/campaigns', { token: w.token });
        const goal = goals.body?.active?.find((g: { id: number }) => g.id === w.goalId);
        if (goal?.progress !== (calls.get(w.id) ?? 0)) return false;
      }
      return true;
    };
    const challengesExact = async () => {
      for (const host of hosts) {
        const board = await api.call('GET', `/api/challenges/${host.challengeId}/leaderboard`, { token: host.token });
        if (board.status !== 200) return false;
        const members = warriors.filter((w) => w.challengeId === host.challengeId);
        const scores = new Map((board.body as Array<{ user_id: string; points: number }>).map((row) => [row.user_id, row.points]));
        if (members.some((m) => scores.get(m.id) !== (owed.get(m.id) ?? 0))) return false;
      }
      return true;
    };
    try {
      await waitFor(seenEverywhere, SETTLE_MS, 'every board, the ledger, every goal and every challenge exact', () => stack.logs('gamification') + stack.logs('challenges'));
      const exactAfterMs = Date.now() - loadEnded;

      for (const window of ['today', '7d', 'alltime'] as const) {
        const figures = recordFaultFigures(faultFigures(`scale-out: leaderboard/me ${window}`, owed, await standings(window)));
        expect(figures).toEqual({ fault: figures.fault, expected: owedTotal, seen: owedTotal, lost: 0, double: 0 });
      }

      // Every pulse line made during the run reached each socket exactly once.
      const stored = await sql<{ id: string }>`select id::text from social.pulse_events where created_at >= ${socketsOpenedAt}`.execute(ledger.db);
      const storedIds = new Set(stored.rows.map((row) => row.id));
      const missingOn = (socket: PulseClient) => {
        const received = new Set(socket.received.map((r) => r.message.payload.id));
        return [...storedIds].filter((id) => !received.has(id));
      };
      await waitFor(
        () => sockets.every((socket) => missingOn(socket).length === 0),
        30_000,
        'every pulse line on both sockets',
        () => `${storedIds.size} lines stored; missing on each socket: ${JSON.stringify(sockets.map(missingOn))}\n${stack.logs('social')}${stack.logs('social-2')}`,
      );
      for (const socket of sockets) {
        const ids = socket.received.map((r) => r.message.payload.id).filter((id) => storedIds.has(id));
        expect(ids.length).toBe(storedIds.size);
        expect(new Set(ids).size).toBe(storedIds.size);
      }

      // An operator's view of the same run: requests counted per route, every consumer caught up.
      const gatewayMetrics = await scrapeMetrics(stack.url, METRICS_TOKEN);
      expect(
        sampleValue(gatewayMetrics, 'warriors_http_request_duration_seconds_count', { service: 'gateway', route: '/api/activity', method: 'POST', status_class: '2xx' }),
      ).toBeGreaterThanOrEqual(LOGS);
      expect(sampleValue(gatewayMetrics, 'warriors_gateway_upstream_instance_up', { upstream: 'activity', instance: stack.urlOf('activity') })).toBe(1);
      // Every durable consumer of every surviving instance is back to no lag (a scrape may miss a source that is slow to answer: polled).
      const lags = new Map<string, number>();
      await waitFor(
        async () => {
          for (const name of SURVIVORS) {
            const samples = await scrapeMetrics(stack.urlOf(name), METRICS_TOKEN);
            if ((sampleValue(samples, 'warriors_outbox_pending_events', { service: name.replace(/-\d+$/, '') }) ?? 0) !== 0) return false;
            const pending = samples.filter((sample) => sample.name === 'warriors_consumer_pending_messages');
            if (pending.length === 0) return false;
            for (const sample of pending) lags.set(sample.labels.durable!, sample.value);
          }
          return [...lags.values()].every((lag) => lag === 0);
        },
        30_000,
        'no consumer lag and no outbox backlog on /metrics',
        () => JSON.stringify(Object.fromEntries(lags)),
      );

      const fiveHundreds = kills.map((kill, i) => {
        const end = kills[i + 1]?.at ?? loadEnded;
        const during = attempts.filter((a) => a.at >= kill.at && a.at < end);
        return { fault: kill.fault, attempts: during.length, failed: during.filter((a) => a.status === 0 || a.status >= 500).length };
      });
      console.log(
        [
          `scale-out: ${LOGS} logs by ${USERS} users in ${loadSeconds.toFixed(1)} s (${(LOGS / loadSeconds).toFixed(0)} logs/s), ${attempts.length} attempts, ${answered} answered 2xx, ${owedTotal} points`,
          ...fiveHundreds.map((f) => `  during ${f.fault}: ${f.failed} of ${f.attempts} attempts answered 5xx or not at all`),
          `  boards, ledger, goals and challenges exact ${(exactAfterMs / 1000).toFixed(1)} s after the load ended; lost 0, double 0`,
          `  pulse lines during the run: ${storedIds.size}, each on both sockets exactly once`,
          `  consumer lag after the run (from /metrics): ${lags.size} durable consumers, all at 0`,
        ].join('\n'),
      );
    } finally {
      for (const socket of sockets) socket.close();
      await ledger.close();
    }
  });
});

/** POST /api/activity once; 0 when no answer came (refused connection, reset, timeout). */
async function postLog(baseUrl: string, token: string, type: string, key: string): Promise<number> {
  try {
    const res = await fetch(`${baseUrl}/api/activity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
      body: JSON.stringify({ activity_type: type }),
      signal: AbortSignal.timeout(15_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Set-up calls that a service may not answer yet (a user not yet known to it): retried until the expected status. */
async function retryUntil(call: () => Promise<{ status: number; body: any }>, status = 201): Promise<{ status: number; body: any }> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await call();
    if (answer.status === status) return answer;
    await pause(100);
  }
  throw new Error(`never answered ${status}`);
}
