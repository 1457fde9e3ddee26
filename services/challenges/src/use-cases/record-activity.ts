import { scoresOnChallengeBoard, type ActivityGoalMap, type EventOf } from '@warriors/contracts';
import { applyBatchOnce, byUserOnce, deletedEntriesAmong, type Logger } from '@warriors/kit';
import { creditUnderCeiling, scoresIn } from '../domain/rules';
import { creditsOf, dailyKey, saveScores, scoringStateOf, type Credit, type DailyKey, type EntryCredit, type Membership } from '../store/scoring.store';
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
 * every challenge where its user is a member and max(start_at, joined_at) <= occurred_at < end_at;
 * in a challenge with activity goals only an entry of a goal's type adds points (its board ranks on
 * them), any other its units alone.
 * An activity that falls in no such window is skipped whole: it neither scores nor counts towards
 * the day's ceiling (docs/decisions.md). The batch costs a fixed number of statements, whatever its
 * size: after the locks and inbox entries, one read of the users' memberships and daily units, one
 * read of which of the entries in a window were already deleted (they score nothing), and one write of
 * the units, the memberships' scores and the credits (with each entry's units, 0 above the ceiling). Then the board, in one call to
 * the store: each event's credits keyed by the event id, the redeliveries' too (read back: a crash
 * may have come between the commit and the board), so the store's apply markers, not the inbox, keep
 * the board from counting twice. Answers the number of credits.
 */
export async function recordActivities(deps: RecordDeps, events: ReadonlyArray<EventOf<'activity.logged'>>, at: Date): Promise<number> {
  const { db, board, pages } = deps;
  const { fresh, redelivered } = await applyBatchOnce(db, events, byUserOnce(SCHEMA, at, userLock), async ({ trx, fresh: scoring }) => {
    const redelivered = events.filter((e) => !scoring.includes(e)).map((e) => e.id);
    if (scoring.length === 0) return { fresh: [] as Credit[], redelivered };
    return { fresh: await scoreBatch(trx, scoring, at), redelivered };
  });
  const all = [...fresh, ...(await creditsOf(db, [...new Set(redelivered)]))];
  const byEvent = new Map<string, Credit[]>();
  for (const credit of all) byEvent.set(credit.event_id, [...(byEvent.get(credit.event_id) ?? []), credit]);
  await board.applyAll(
    [...byEvent].flatMap(([eventId, credits]) => {
      const deltas = boardDeltas(credits);
      return deltas.length > 0 ? [{ applyId: eventId, member: credits[0]!.user_id, deltas }] : [];
    }),
  );
  if (pages) for (const challengeId of new Set(all.map((c) => c.challenge_id))) pages.forget(challengeId);
  return fresh.length;
}

/** Scores the fresh events (in lock order) against their users' memberships and writes the scores; answers the credits. */
async function scoreBatch(trx: Executor, scoring: ReadonlyArray<EventOf<'activity.logged'>>, at: Date): Promise<EntryCredit[]> {
  const earliest = new Date(Math.min(...scoring.map((e) => Date.parse(e.data.occurred_at))));
  const keys = new Map<string, DailyKey>();
  for (const { data } of scoring) keys.set(dailyKey(data), { user_id: data.user_id, activity_type: data.activity_type, local_date: data.local_date });
  // The units of every event's day are read with the memberships (one statement); only the days of
  // events that fall in a window are written back.
  const { memberships, unitsLogged: logged } = await scoringStateOf(trx, [...new Set(scoring.map((e) => e.data.user_id))], earliest, [...keys.values()]);
  const byUser = new Map<string, Membership[]>();
  for (const m of memberships) byUser.set(m.user_id, [...(byUser.get(m.user_id) ?? []), m]);
  // Only events that fall in a window of one of their user's memberships do anything.
  const windowsOf = new Map<EventOf<'activity.logged'>, Membership[]>();
  for (const event of scoring) {
    const occurredAt = new Date(event.data.occurred_at);
    const inWindow = (byUser.get(event.data.user_id) ?? []).filter((m) => scoresIn({ startAt: m.start_at, endAt: m.end_at }, m.joined_at, occurredAt));
    if (inWindow.length > 0) windowsOf.set(event, inWindow);
  }
  if (windowsOf.size === 0) return [];
  // An entry whose deletion was applied first scores nothing, nor counts towards its day's units: looked
  // up only for the entries that could score, so a batch outside every window costs no statement more.
  const deleted = await deletedEntriesAmong(
    trx,
    SCHEMA,
    [...windowsOf.keys()].map((e) => e.data.activity_id),
  );
  for (const event of windowsOf.keys()) if (deleted.has(event.data.activity_id)) windowsOf.delete(event);
  const written = new Set<string>();
  const changed = new Set<Membership>();
  const credits: EntryCredit[] = [];
  for (const [event, inWindow] of windowsOf) {
    const { data } = event;
    const key = dailyKey(data);
    written.add(key);
    const before = logged.get(key) ?? 0;
    logged.set(key, before + data.quantity);
    const { units, points } = creditUnderCeiling(data.activity_type, before, data.quantity, data.points);
    const credit = { event_id: event.id, user_id: data.user_id, points, activity_id: data.activity_id, activity_type: data.activity_type, units };
    // Above the ceiling the entry still counted towards its day's units: a 0-unit credit keeps that
    // for its deletion, which gives the day its units back.
    if (units === 0) {
      for (const m of inWindow) credits.push({ ...credit, challenge_id: m.challenge_id });
      continue;
    }
    for (const m of inWindow) {
      // A challenge with activity goals ranks on their types: another type counts its units, not its points.
      const ranked = scoresOnChallengeBoard(m.goals, data.activity_type) ? points : 0;
      m.points += ranked;
      const counts: ActivityGoalMap = { ...m.counts };
      counts[data.activity_type] = (counts[data.activity_type] ?? 0) + units;
      m.counts = counts;
      changed.add(m);
      credits.push({ ...credit, points: ranked, challenge_id: m.challenge_id });
    }
  }
  const units = [...written].map((key) => ({ ...keys.get(key)!, quantity: logged.get(key)! }));
  await saveScores(trx, { units, members: [...changed], credits }, at);
  return credits;
}
