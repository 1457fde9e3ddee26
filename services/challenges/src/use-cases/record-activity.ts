import type { ActivityGoalMap, EventOf } from '@warriors/contracts';
import { inLockOrder, lockAllAndMarkApplied, type Logger } from '@warriors/kit';
import { creditUnderCeiling, scoresIn } from '../domain/rules';
import { creditsOf, insertCredits, membershipsOf, saveMemberScore, saveUnitsLogged, unitsLogged, type Credit, type Membership } from '../store/scoring.store';
import { SCHEMA, type Executor } from '../store/schema';
import { userLock } from '../store/users.store';
import { boardDeltas, type Board } from './boards';

export interface RecordDeps {
  db: Executor;
  board: Board;
  logger: Logger;
}

/**
 * Scores a batch of activity.logged: in ONE transaction with the inbox entries (a redelivered event
 * scores once), each activity adds its catalog points and units (under the type's daily ceiling) to
 * every challenge where its user is a member and max(start_at, joined_at) <= occurred_at < end_at.
 * Then the board: each event's credits are applied to the Redis sets keyed by the event id, the
 * redeliveries' too (a crash may have come between the commit and the board), so the store's apply
 * markers, not the inbox, keep the board from counting twice. Answers the number of credits.
 */
export async function recordActivities(deps: RecordDeps, events: ReadonlyArray<EventOf<'activity.logged'>>, at: Date): Promise<number> {
  const { db, board } = deps;
  const credited = await db.transaction().execute(async (trx) => {
    const ordered = inLockOrder(events, (e) => e.data.user_id);
    const fresh = await lockAllAndMarkApplied(
      trx,
      SCHEMA,
      ordered.map((e) => userLock(e.data.user_id)),
      ordered.map((e) => e.id),
      at,
    );
    const scoring = ordered.filter((e) => fresh.delete(e.id));
    if (scoring.length === 0) return 0;
    const earliest = new Date(Math.min(...scoring.map((e) => Date.parse(e.data.occurred_at))));
    const memberships = await membershipsOf(trx, [...new Set(scoring.map((e) => e.data.user_id))], earliest);
    const changed = new Set<Membership>();
    const credits: Credit[] = [];
    for (const event of scoring) credits.push(...(await scoreOne(trx, event, memberships, changed)));
    for (const m of changed) await saveMemberScore(trx, m.challenge_id, m.user_id, m.points, m.counts);
    await insertCredits(trx, credits, at);
    return credits.length;
  });
  const all = await creditsOf(
    db,
    events.map((e) => e.id),
  );
  const byEvent = new Map<string, Credit[]>();
  for (const credit of all) byEvent.set(credit.event_id, [...(byEvent.get(credit.event_id) ?? []), credit]);
  for (const [eventId, credits] of byEvent) {
    const deltas = boardDeltas(credits);
    if (deltas.length > 0) await board.apply(eventId, credits[0]!.user_id, deltas);
  }
  return credited;
}

async function scoreOne(trx: Executor, event: EventOf<'activity.logged'>, memberships: Membership[], changed: Set<Membership>): Promise<Credit[]> {
  const { data } = event;
  const occurredAt = new Date(data.occurred_at);
  const before = await unitsLogged(trx, data.user_id, data.activity_type, data.local_date);
  await saveUnitsLogged(trx, data.user_id, data.activity_type, data.local_date, before + data.quantity);
  const { units, points } = creditUnderCeiling(data.activity_type, before, data.quantity, data.points);
  if (units === 0) return [];
  const credits: Credit[] = [];
  for (const m of memberships) {
    if (m.user_id !== data.user_id) continue;
    if (!scoresIn({ startAt: new Date(m.start_at), endAt: new Date(m.end_at) }, new Date(m.joined_at), occurredAt)) continue;
    m.points += points;
    const counts: ActivityGoalMap = { ...m.counts };
    counts[data.activity_type] = (counts[data.activity_type] ?? 0) + units;
    m.counts = counts;
    changed.add(m);
    credits.push({ event_id: event.id, challenge_id: m.challenge_id, user_id: m.user_id, points });
  }
  return credits;
}
