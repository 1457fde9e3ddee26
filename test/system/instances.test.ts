import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ACTIVITY_CATALOG, type ActivityType } from '@warriors/contracts';
import { waitFor } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { startStack, UNTHROTTLED_LOGGING, type TestStack } from '../support/stack';

jest.setTimeout(240_000);

const WARRIORS = 8;
/** Each warrior's pause between logs: a steady load that leaves the (shared, small) machine room to start an instance. */
const PAUSE_MS = 20;
/**
 * Logged in turn: on a quick machine a warrior logs over 300 in the test, past one type's daily ceiling,
 * and an entry above a ceiling is held (it scores once confirmed), so the expected points count each
 * type up to its ceiling.
 */
const LOGGED_TYPES: readonly ActivityType[] = ['cold_call', 'email'];

/** The points the boards show for a warrior's 2xx logs: each type's, up to its daily ceiling. */
const scoredPoints = (logged: Partial<Record<ActivityType, number>>): number =>
  Object.entries(logged).reduce((sum, [type, count]) => {
    const { points, dailyCeiling } = ACTIVITY_CATALOG[type as ActivityType];
    return sum + Math.min(count, dailyCeiling) * points;
  }, 0);

/** CPU time a process has used, in clock ticks (Linux /proc): how the test sees that an instance serves. */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

interface Step {
  name: string;
  answered: number;
  /** First answers that were not 2xx, by status (0: no answer at all). */
  refused: Record<number, number>;
}

/**
 * Issue 19's procedure "add and remove an instance under load" (docs/operations.md): activity runs 2
 * instances behind a gateway whose ACTIVITY_URLS has a third slot; the third is started, then the
 * first stopped with SIGTERM, while warriors keep logging and retry a failed log with its
 * Idempotency-Key as the web app does.
 */
describe('adding and removing an activity instance under a logging load', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack({ instances: { activity: 3 }, notStarted: ['activity-3'], env: UNTHROTTLED_LOGGING });
  });
  afterAll(() => stack?.close());

  it('counts every log answered 2xx exactly once on the boards, through both steps', async () => {
    const api = apiClient(stack.url);
    const warriors = await Promise.all(
      Array.from({ length: WARRIORS }, async (_, i) => {
        const signup = await api.signup({ name: `Scale Warrior ${i}`, timezone: 'UTC' });
        expect(signup.status).toBe(201);
        return { id: signup.body.user.id as string, token: signup.body.access_token as string, logged: {} as Partial<Record<ActivityType, number>>, sent: 0 };
      }),
    );

    const steps: Step[] = [];
    let step: Step = { name: 'two instances', answered: 0, refused: {} };
    steps.push(step);
    let stopping = false;
    let unanswered = 0;
    const logUntilStopped = async (warrior: (typeof warriors)[number]) => {
      while (!stopping) {
        const activityType = LOGGED_TYPES[warrior.sent++ % LOGGED_TYPES.length]!;
        const key = randomUUID();
        // A log that got no 2xx is sent again with its key until it does: it is counted once either way.
        for (let attempt = 1; ; attempt++) {
          const status = await api
            .call('POST', '/api/activity', { token: warrior.token, body: { activity_type: activityType }, headers: { 'idempotency-key': key } })
            .then((answer) => answer.status)
            .catch(() => 0);
          if (attempt === 1) step.answered += 1;
          if (status >= 200 && status < 300) {
            warrior.logged[activityType] = (warrior.logged[activityType] ?? 0) + 1;
            await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
            break;
          }
          if (attempt === 1) step.refused[status] = (step.refused[status] ?? 0) + 1;
          if (attempt === 10) {
            unanswered += 1;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    };
    const load = Promise.all(warriors.map(logUntilStopped));
    try {
      await new Promise((resolve) => setTimeout(resolve, 4000));

      step = { name: 'adding activity-3', answered: 0, refused: {} };
      steps.push(step);
      await stack.start('activity-3');
      const idle = cpuTicks(stack.pid('activity-3')!);
      // The gateway tries the slot again when its ejection ends (at most 30 s) and keeps it once it connects.
      await waitFor(
        () => cpuTicks(stack.pid('activity-3')!) - idle >= 100,
        60_000,
        'activity-3 serving logs',
        () => stack.logs('gateway'),
      );

      step = { name: 'stopping activity (SIGTERM)', answered: 0, refused: {} };
      steps.push(step);
      await stack.stop('activity');
      await new Promise((resolve) => setTimeout(resolve, 4000));
    } finally {
      stopping = true;
      await load;
    }

    for (const { name, answered, refused } of steps) {
      const total = Object.values(refused).reduce((sum, n) => sum + n, 0);
      console.log(`${name}: ${answered} logs, ${total} first answers not 2xx ${JSON.stringify(refused)}`);
    }
    expect(unanswered).toBe(0);
    // Adding an instance costs nothing: the slot refused connections, which the gateway retries elsewhere.
    expect(steps[1]!.refused).toEqual({});

    const expected = new Map(warriors.map((warrior) => [warrior.id, scoredPoints(warrior.logged)]));
    const board = async (window: string) => ((await api.list<{ id: string; points: number }>(`/api/leaderboard/${window}?tz=UTC`)) ?? []).filter((row) => expected.has(row.id));
    let today: Array<{ id: string; points: number }> = [];
    const matches = async () => {
      today = await board('today');
      return today.length === WARRIORS && today.every((row) => row.points === expected.get(row.id));
    };
    await waitFor(matches, 60_000, 'every log on the today board once', () => JSON.stringify({ expected: [...expected], today }));
    for (const row of await board('alltime')) expect(row.points).toBe(expected.get(row.id));
  });
});
