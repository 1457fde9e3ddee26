import { randomUUID } from 'node:crypto';
import { pointsFor, type ActivityType } from '@warriors/contracts';
import { createPostgresDatabase } from '@warriors/kit';
import { sql } from 'kysely';
import { faultFigures, isAlive, recordFaultFigures, waitFor } from '@warriors/test-support';
import { apiClient, type Answer } from '../support/api-client';
import { STACK_SERVICES, startStack, UNTHROTTLED_LOGGING, type TestStack } from '../support/stack';

jest.setTimeout(120_000);

const USERS = 6;
const LOAD_MS = 8_000;
/** Each user's logs stay a plausible day's work, whatever the machine's speed. */
const MOST_LOGS_PER_USER = 60;
const KILL_EVERY_MS = 250;
/** Types without the honor confirmation; counts stay far below any daily ceiling. */
const TYPES: ActivityType[] = ['cold_call', 'email', 'doorknock', 'direct_mail', 'past_client', 'thank_you_card'];
const GOAL: ActivityType = 'cold_call';
const FAULT = 'PostgreSQL connections terminated';

interface Warrior {
  id: string;
  token: string;
}

/** Every answer the load got, for the assertions on what a fault may cost a request. */
interface Tally {
  created: number;
  unavailable: number;
  /** Answers no fault may give: 5xx other than 503 {detail}, or a 4xx. */
  wrong: Array<Pick<Answer, 'status' | 'body'>>;
}

describe('fault: PostgreSQL connections terminated under load', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack({ env: UNTHROTTLED_LOGGING });
  });
  afterAll(() => stack?.close());

  it('keeps every process up, answers 503 {detail} at worst, and loses or doubles no point', async () => {
    const api = apiClient(stack.url);
    const warriors: Warrior[] = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const signup = await api.signup({ name: `Dropped Line ${i}`, timezone: 'UTC' });
        expect(signup.status).toBe(201);
        return { id: signup.body.user.id as string, token: signup.body.access_token as string };
      }),
    );
    // Campaigns consumes every log too: each user pursues a goal the load cannot complete (no bonus).
    for (const warrior of warriors) {
      const goal = await api.call('POST', '/api/campaigns', { token: warrior.token, body: { name: 'Endless Dials', duration_days: 7, goals: [{ type: GOAL, count: 10_000 }] } });
      expect(goal.status).toBe(201);
    }
    const pids = new Map(['gateway', ...STACK_SERVICES].map((name) => [name, stack.pid(name)!]));

    const tally: Tally = { created: 0, unavailable: 0, wrong: [] };
    const expected = new Map(warriors.map((w) => [w.id, 0]));
    const goalProgress = new Map(warriors.map((w) => [w.id, 0]));
    /** One log, sent again with the same Idempotency-Key until it is answered: it counts once. */
    const logUntilAnswered = async (warrior: Warrior, n: number): Promise<void> => {
      const type = TYPES[n % TYPES.length]!;
      const bulk = n % 2 === 1;
      const quantity = bulk ? 1 + (n % 3) : 1;
      const request = bulk
        ? { path: '/api/activity/bulk', body: { activity_type: type, quantity, honesty_confirmed: true } }
        : { path: '/api/activity', body: { activity_type: type } };
      const headers = { 'idempotency-key': randomUUID() };
      for (;;) {
        const answer: Answer = await api.call('POST', request.path, { token: warrior.token, body: request.body, headers });
        if (answer.status === 201) {
          tally.created += 1;
          if (answer.body.activity?.points !== pointsFor(type, quantity)) tally.wrong.push(answer);
          expected.set(warrior.id, expected.get(warrior.id)! + pointsFor(type, quantity));
          if (type === GOAL) goalProgress.set(warrior.id, goalProgress.get(warrior.id)! + quantity);
          return;
        }
        if (answer.status === 503 && typeof answer.body?.detail === 'string') {
          tally.unavailable += 1;
          continue;
        }
        tally.wrong.push(answer);
        return;
      }
    };

    const killer = createPostgresDatabase('postgres://postgres@127.0.0.1:5432/postgres', 1);
    let terminated = 0;
    let loading = true;
    const killing = (async () => {
      while (loading) {
        const killed = await sql<{ n: number }>`
          select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
          where datname = ${stack.database} and pid <> pg_backend_pid()) as t`.execute(killer.db);
        terminated += killed.rows[0]!.n;
        await new Promise((resolve) => setTimeout(resolve, KILL_EVERY_MS));
      }
    })();
    const until = Date.now() + LOAD_MS;
    try {
      await Promise.all(
        warriors.map(async (warrior) => {
          for (let n = 0; n < MOST_LOGS_PER_USER && Date.now() < until; n++) await logUntilAnswered(warrior, n);
        }),
      );
    } finally {
      loading = false;
      await killing;
      await killer.close();
    }

    // The fault cost requests (503) and connections, never a process.
    for (const [name, pid] of pids) {
      expect({ name, pid: stack.pid(name), alive: isAlive(pid) }).toEqual({ name, pid, alive: true });
    }
    expect(tally.wrong.map(({ status, body }) => ({ status, body }))).toEqual([]);
    expect(terminated).toBeGreaterThan(0);
    expect(tally.unavailable).toBeGreaterThan(0);

    const board = async (window: string): Promise<Map<string, number>> => {
      const rows = (await api.call<Array<{ id: string; points: number }>>('GET', `/api/leaderboard/${window}?tz=UTC`)).body;
      return new Map(rows.map((row) => [row.id, row.points]));
    };
    const exact = async (window: string) => {
      const seen = await board(window);
      return [...expected].every(([id, points]) => seen.get(id) === points);
    };
    // Given time to catch up; the figures below then say what is missing or doubled, if anything.
    await waitFor(async () => (await exact('today')) && exact('alltime'), 30_000, 'every logged point on the boards').catch(() => undefined);
    const figures = { today: faultFigures(FAULT, expected, await board('today')), alltime: faultFigures(FAULT, expected, await board('alltime')) };
    // One row in the fault table: the all-time board, which holds every point the load logged.
    recordFaultFigures(figures.alltime);
    for (const [window, seen] of Object.entries(figures)) {
      expect({ window, ...seen }).toEqual({ window, fault: FAULT, expected: seen.expected, seen: seen.expected, lost: 0, double: 0 });
    }
    for (const warrior of warriors) {
      await waitFor(
        async () => {
          const goals = await api.call('GET', '/api/campaigns', { token: warrior.token });
          return goals.body.active?.[0]?.progress === goalProgress.get(warrior.id);
        },
        10_000,
        'each goal credited with every cold call',
        () => stack.logs('campaigns'),
      );
    }
    // Consumers waited out the lost connections instead of dead-lettering the events they were applying.
    expect(await deadLetters(stack.database)).toEqual([]);
    console.log(`${FAULT}: ${terminated} backends killed, ${tally.created} logs answered 201, ${tally.unavailable} answers 503`);
  });
});

/** Every dead letter in the stack's database, whichever service's schema holds it. */
async function deadLetters(database: string): Promise<Array<{ schema: string; durable: string; error: string }>> {
  const db = createPostgresDatabase(`postgres://postgres@127.0.0.1:5432/${database}`, 1);
  try {
    const tables = await sql<{ schema: string }>`select table_schema as schema from information_schema.tables where table_name = 'dead_letters'`.execute(db.db);
    const letters = [];
    for (const { schema } of tables.rows) {
      const rows = await sql<{ durable: string; error: string }>`select durable, error from ${sql.table(`${schema}.dead_letters`)}`.execute(db.db);
      letters.push(...rows.rows.map((row) => ({ schema, ...row })));
    }
    return letters;
  } finally {
    await db.close();
  }
}
