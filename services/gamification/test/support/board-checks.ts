import { sql } from 'kysely';
import type { ActivityType, EventOf } from '@warriors/contracts';
import { eventuallyPasses } from '@warriors/test-support';
import type { TestGamification } from './harness';

/*
 * What the recovery tests (a Redis flushed, killed, or failed over) compare: the boards as users read
 * them against the points ledger, the system of record.
 */

// Types whose daily ceilings (cold calls 300, emails 300, doorknocks 200, mailers 500) these loads stay under: nothing is held.
const TYPES: ActivityType[] = ['cold_call', 'email', 'doorknock', 'direct_mail'];

export interface BoardUser {
  user_id: string;
  token: string;
}

/** The points the ledger holds per user. */
export async function ledgerPoints(g: TestGamification, userIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await g.db
    .withSchema('gamification')
    .selectFrom('ledger')
    .select(['user_id', sql<number>`sum(points)::int`.as('points')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.points]));
}

/**
 * Each user's points on a board as they read it, or the failed read's status and detail (e.g. "503 The
 * leaderboard is unavailable…" while the boards are incomplete), so that a board that never came back says why.
 */
export async function boardPoints(g: TestGamification, users: readonly BoardUser[], window: string): Promise<Map<string, number | string>> {
  const answers = await Promise.all(users.map((u) => g.call('GET', `/api/leaderboard/me?window=${window}`, u.token)));
  return new Map(users.map((u, i) => [u.user_id, answers[i]!.status === 200 ? answers[i]!.body.points : `${answers[i]!.status} ${answers[i]!.body?.detail}`]));
}

export async function deadLetters(g: TestGamification): Promise<number> {
  const row = await g.db
    .withSchema('gamification')
    .selectFrom('dead_letters')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Logs `count` activities spread over `users`, adding what each earns to `owed`. */
export async function logMany(
  g: TestGamification,
  users: ReadonlyArray<{ user_id: string }>,
  count: number,
  owed: Map<string, number>,
): Promise<Array<EventOf<'activity.logged'>>> {
  const events = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const user = users[i % users.length]!;
      return g.log(user.user_id, TYPES[i % TYPES.length]!);
    }),
  );
  for (const event of events) owed.set(event.data.user_id, (owed.get(event.data.user_id) ?? 0) + event.data.points);
  return events;
}

/** Waits until today's and the all-time boards show every user exactly what they are owed, and checks the ledger agrees. */
export async function expectBoardsToEqual(g: TestGamification, users: readonly BoardUser[], owed: ReadonlyMap<string, number>, timeoutMs = 20_000): Promise<void> {
  const expected = Object.fromEntries(users.map((u) => [u.user_id, owed.get(u.user_id) ?? 0]));
  await eventuallyPasses(async () => {
    for (const window of ['today', 'alltime']) expect(Object.fromEntries(await boardPoints(g, users, window))).toEqual(expected);
  }, timeoutMs);
  expect(
    Object.fromEntries(
      await ledgerPoints(
        g,
        users.map((u) => u.user_id),
      ),
    ),
  ).toEqual(Object.fromEntries(Object.entries(expected).filter(([, points]) => points > 0)));
}
