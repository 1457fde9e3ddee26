import type { ActivityGoalMap, EventOf } from '@warriors/contracts';
import { applyBatchOnce, byUserOnce, type Logger } from '@warriors/kit';
import { creditUnderCeiling, scoresIn } from '../domain/rules';
import {
  creditsOf,
  dailyKey,
  insertCredits,
  membershipsOf,
  saveMemberScores,
  saveUnitsLogged,
  unitsLogged,
  type Credit,
  type DailyKey,
  type Membership,
} from '../store/scoring.store';
import { SCHEMA, type Executor } from '../store/schema';
import { userLock } from '../store/users.store';
import { boardDeltas, type Board, type BoardPages } from './board-pages';

export interface RecordDeps {
  db: Executor;
  board: Board;
  logger: Logger;
  /** The cached board pages: a challenge's page is dropped once its board was credited here. */
  pages?: BoardPages;
}

/**
 * Scores a batch of activity.logged: in ONE transaction with the inbox entries (a redelivered event
 * scores once), each activity adds its catalog points and units (under the type's daily ceiling) to
 * every challenge where its user is a member and max(start_at, joined_at) <= occurred_at < end_at.
 * An activity that falls in no such window is skipped whole: it neither scores nor counts towards
 * the day's ceiling (docs/decisions.md). The batch costs a fixed number of statements: the
 * memberships, one read and one upsert of the daily units, one update of the memberships, one insert
 * of the credits. Then the board: each event's credits are applied to the Redis sets keyed by the
 * event id (issued together: the store pipelines them), the redeliveries' too (read back: a crash
 * may have come between the commit and the board), so the store's apply markers, not the inbox, keep
 * the board from counting twice. Answers the number of credits.
 */
export async function recordActivities(deps: RecordDeps, events: ReadonlyArray<EventOf<'activity.logged'>>, at: Date): Promise<number> {
  const { db, board, pages } = deps;
  const { fresh, redelivered } = await applyBatchOnce(db, events, byUserOnce(SCHEMA, at, userLock), async ({ trx, fresh: scoring }) => {
    const redelivered = events.filter((e) => !scoring.includes(e)).map((e) => e.id);
    if (scoring.length === 0) return { fresh: [] as Credit[], redelivered };
    const credits = await scoreBatch(trx, scoring);
    await insertCredits(trx, credits, at);
    return { fresh: credits, redelivered };
  });
  const all = [...fresh, ...(await creditsOf(db, [...new Set(redelivered)]))];
  const byEvent = new Map<string, Credit[]>();
  for (const credit of all) byEvent.set(credit.event_id, [...(byEvent.get(credit.event_id) ?? []), credit]);
  await Promise.all(
    [...byEvent].map(async ([eventId, credits]) => {
      const deltas = boardDeltas(credits);
      if (deltas.length > 0) await board.apply(eventId, credits[0]!.user_id, deltas);
    }),
  );
  if (pages) for (const challengeId of new Set(all.map((c) => c.challenge_id))) pages.forget(challengeId);
  return fresh.length;
}

/** Scores the fresh events (in lock order) against their users' memberships; answers the credits. */
async function scoreBatch(trx: Executor, scoring: ReadonlyArray<EventOf<'activity.logged'>>): Promise<Credit[]> {
  const earliest = new Date(Math.min(...scoring.map((e) => Date.parse(e.data.occurred_at))));
  const memberships = await membershipsOf(trx, [...new Set(scoring.map((e) => e.data.user_id))], earliest);
  const byUser = new Map<string, Membership[]>();
  for (const m of memberships) byUser.set(m.user_id, [...(byUser.get(m.user_id) ?? []), m]);
  // Only events that fall in a window of one of their user's memberships do anything.
  const windowsOf = new Map<EventOf<'activity.logged'>, Membership[]>();
  for (const event of scoring) {
    const occurredAt = new Date(event.data.occurred_at);
    const inWindow = (byUser.get(event.data.user_id) ?? []).filter((m) =>
      scoresIn({ startAt: new Date(m.start_at), endAt: new Date(m.end_at) }, new Date(m.joined_at), occurredAt),
    );
    if (inWindow.length > 0) windowsOf.set(event, inWindow);
  }
  if (windowsOf.size === 0) return [];
  const keys = new Map<string, DailyKey>();
  for (const { data } of windowsOf.keys()) keys.set(dailyKey(data), { user_id: data.user_id, activity_type: data.activity_type, local_date: data.local_date });
  const logged = await unitsLogged(trx, [...keys.values()]);
  const changed = new Set<Membership>();
  const credits: Credit[] = [];
  for (const [event, inWindow] of windowsOf) {
    const { data } = event;
    const key = dailyKey(data);
    const before = logged.get(key) ?? 0;
    logged.set(key, before + data.quantity);
    const { units, points } = creditUnderCeiling(data.activity_type, before, data.quantity, data.points);
    if (units === 0) continue;
    for (const m of inWindow) {
      m.points += points;
      const counts: ActivityGoalMap = { ...m.counts };
      counts[data.activity_type] = (counts[data.activity_type] ?? 0) + units;
      m.counts = counts;
      changed.add(m);
      credits.push({ event_id: event.id, challenge_id: m.challenge_id, user_id: m.user_id, points });
    }
  }
  await saveUnitsLogged(
    trx,
    [...keys].map(([key, k]) => ({ ...k, quantity: logged.get(key)! })),
  );
  await saveMemberScores(trx, [...changed]);
  return credits;
}
