import type { Badge, DomainEvent, EventOf } from '@warriors/contracts';
import { applyBatchOnce, type EnqueuedEvents, type Outbox } from '@warriors/kit';
import { toBadge } from '../domain/badges';
import { freshBadgesOfBatch, repeatCountsOfBatch } from '../domain/batch-badges';
import { judgeCeilings } from '../domain/ceilings';
import { ledgerEntryFor, type LedgerEntry } from '../domain/ledger';
import { streakChangesOfBatch, streakRule, streaksAfterBatch } from '../domain/streak';
import { badgeEarned } from '../domain/badge-events';
import { activityPointsAwarded, streakChanged } from '../domain/score-events';
import { badgeRowCounts, insertNewBadges } from '../store/badges.store';
import { applyActivityEntries, ledgerStateOf, lockKey, type AppliedBatch } from '../store/ledger.store';
import { SCHEMA, type Executor } from '../store/schema';

/** `streak`: the user's streak once the batch is in, on their local today at the batch's time (what /me shows then). */
export type RecordOutcome =
  | { kind: 'applied'; badges: Badge[]; streak: number }
  /** In the ledger now, held above its type's daily ceiling until its broker confirms it: off the boards. */
  | { kind: 'held'; message: string; streak: number }
  /**
   * PostgreSQL has it already; the leaderboard may not, if a crash came between commit and apply,
   * unless it is still held.
   */
  | { kind: 'duplicate'; held: boolean }
  /** The user was deleted: nothing of theirs may come back. */
  | { kind: 'deleted-user' };

export interface RecordDeps {
  db: Executor;
  outbox: Outbox;
  dailyGoalPoints: number;
}

type ActivityLogged = EventOf<'activity.logged'>;

/** An event of a batch and its place in it: outcomes are answered by place, whatever copies the batch holds. */
interface Delivered {
  event: ActivityLogged;
  position: number;
}

/** An event whose ledger row the batch inserted. */
interface AppliedActivity extends Delivered {
  entry: LedgerEntry;
}

/**
 * The SQL half of applying activity.logged, in one transaction: inbox, ledger row and daily totals,
 * then the badge rules on the user's totals, badges newly earned and their badge.earned events. The
 * leaderboard half runs after the commit.
 */
export async function recordActivity(deps: RecordDeps, event: ActivityLogged, at: Date): Promise<RecordOutcome> {
  const [outcome] = await recordActivities(deps, [event], at);
  return outcome!;
}

/**
 * Applies a batch of activity.logged in ONE transaction, each event as recordActivity would, in four
 * statements per batch (six when badges are earned) instead of two or more per event: the batch's
 * user locks (taken in inLockOrder's order, so batches sharing users never deadlock) with every
 * inbox entry; then, under the locks, the day's logged quantities its daily ceilings judge the new
 * entries on (an entry above its ceiling goes in held: off the totals, the badges and the boards);
 * then the ledger rows, daily totals and last activity times with the
 * badge contexts as they stood before the batch. The badge rules then judge each event in lock order
 * (a user's events in delivery order) on that context plus the user's earlier events of the batch,
 * which is what reading the totals after each event's own insert gave. The batch's events (points
 * awarded, streaks changed, badges earned) go into the outbox in one last statement. Any failure rolls back the
 * whole batch (the bus then applies its events one by one). Outcomes come back in the order of `events`.
 */
export async function recordActivities(deps: RecordDeps, events: readonly ActivityLogged[], at: Date): Promise<RecordOutcome[]> {
  return (await recordBatch(deps, events, at)).outcomes;
}

/** recordActivities, answering also the batch's outbox rows, for `outbox.send` once committed. */
export async function recordBatch(deps: RecordDeps, events: readonly ActivityLogged[], at: Date): Promise<{ outcomes: RecordOutcome[]; enqueued: EnqueuedEvents }> {
  const once = {
    schema: SCHEMA,
    at,
    orderBy: ({ event }: Delivered) => event.data.user_id,
    lock: ({ event }: Delivered) => lockKey(event.data.user_id),
    eventId: ({ event }: Delivered) => event.id,
  };
  const delivered = events.map((event, position) => ({ event, position }));
  return applyBatchOnce(deps.db, delivered, once, async ({ trx, fresh }) => {
    // The ledger is keyed by activity id, so of two new events of one activity only the first may insert it.
    const firstOfActivity = new Map<string, Delivered>();
    for (const one of fresh) {
      if (!firstOfActivity.has(one.event.data.activity_id)) firstOfActivity.set(one.event.data.activity_id, one);
    }
    const entries = [...firstOfActivity.values()].map((delivered) => ledgerEntryFor(delivered.event));
    // Read under the locks, so no concurrent batch can slip another entry of the same day in between.
    const ledger = await ledgerStateOf(trx, entries, [...new Set(events.map((e) => e.data.activity_id))]);
    const verdicts = judgeCeilings(entries, ledger.logged);
    const candidates = [...firstOfActivity.values()].map((delivered, i) => ({ ...delivered, entry: entries[i]!, verdict: verdicts[i]! }));
    const batch = await applyActivityEntries(
      trx,
      [...new Set(events.map((e) => e.data.user_id))],
      candidates.map((c) => ({ ...c.entry, held: c.verdict.held })),
    );
    const inserted = candidates.filter((c) => batch.insertedSources.has(c.entry.source_id));
    const heldNow = new Map(inserted.filter((c) => c.verdict.held).map((c) => [c.position, c.verdict.message!]));
    const applied = inserted.filter((c) => !c.verdict.held);
    const awarded = await awardBadges(deps, trx, applied, batch, at);
    // The live pulse's events of the whole batch in one statement: points of each applied entry (a
    // held one awards nothing until confirmed) and the streaks the batch's new days make.
    const ruleOf = (userId: string) => streakRule(batch.streakModeOf(userId), deps.dailyGoalPoints);
    const streaks = streakChangesOfBatch(
      applied.map((a) => a.entry),
      (userId, date) => batch.contextBefore(userId, date).days,
      ruleOf,
    );
    const requestOf = new Map(applied.map((a) => [`${a.entry.user_id}/${a.entry.local_date}`, a.event.requestId]));
    const enqueued = await deps.outbox.enqueueAll(trx, [
      ...applied.map((a) => activityPointsAwarded({ ...a.entry, activity_id: a.entry.source_id }, at, a.event.requestId)),
      ...streaks.map((change) => streakChanged(change, at, requestOf.get(`${change.user_id}/${change.local_date}`))),
      ...awarded.events,
    ]);
    const badgesOfApplied = awarded.badges;
    const streakOf = streaksAfterBatch(
      inserted.map(({ entry, event: { data } }) => ({
        user_id: entry.user_id,
        timezone: data.timezone,
        day_carry_date: data.day_carry_date,
        day_carry_until: data.day_carry_until,
      })),
      applied.map((a) => a.entry),
      batch.workedDaysBefore,
      ruleOf,
      at,
    );

    const outcomes = events.map((event, position): RecordOutcome => {
      if (batch.deletedUsers.has(event.data.user_id)) return { kind: 'deleted-user' };
      // Held and applied entries were inserted, so their users have a streak.
      const streak = () => streakOf.get(event.data.user_id)!;
      const message = heldNow.get(position);
      if (message !== undefined) return { kind: 'held', message, streak: streak() };
      const badges = badgesOfApplied.get(position);
      return badges ? { kind: 'applied', badges, streak: streak() } : { kind: 'duplicate', held: ledger.held.has(event.data.activity_id) };
    });
    return { outcomes, enqueued };
  });
}

/**
 * Inserts the badges the applied events newly earned; answers each applied event's badges by its
 * position in the batch, and their badge.earned events for the batch's outbox statement (most earn
 * none, and then this runs no statement).
 */
async function awardBadges(
  deps: RecordDeps,
  trx: Executor,
  applied: readonly AppliedActivity[],
  batch: AppliedBatch,
  at: Date,
): Promise<{ badges: Map<number, Badge[]>; events: DomainEvent[] }> {
  const badges = new Map<number, Badge[]>(applied.map((a) => [a.position, []]));
  const events: DomainEvent[] = [];
  const fresh = freshBadgesOfBatch(
    applied.map((a) => a.entry),
    batch.contextBefore,
    deps.dailyGoalPoints,
  );
  const wanted = applied.flatMap((a, i) => fresh[i]!.map((badge) => ({ userId: a.entry.user_id, badge, applied: a })));
  if (wanted.length === 0) return { badges, events };

  const inserted = await insertNewBadges(trx, wanted, at);
  const rowKey = (userId: string, badgeType: string, cycleKey: string) => `${userId}/${badgeType}/${cycleKey}`;
  const byKey = new Map(inserted.map((row) => [rowKey(row.user_id, row.badge_type, row.cycle_key), row]));
  // In the order the events were applied, each event's badges in catalog order.
  const earned = wanted.flatMap((w) => {
    const row = byKey.get(rowKey(w.userId, w.badge.spec.key, w.badge.cycleKey));
    return row ? [{ applied: w.applied, row }] : [];
  });
  const counts = await badgeRowCounts(trx, [...new Set(earned.map((e) => e.row.user_id))], [...new Set(earned.map((e) => e.row.badge_type))]);
  const rowsAfter = new Map(counts.map((c) => [`${c.user_id}/${c.badge_type}`, c.rows]));
  const repeats = repeatCountsOfBatch(
    earned.map((e) => e.row),
    (userId, badgeType) => rowsAfter.get(`${userId}/${badgeType}`)!,
  );
  for (const [i, { applied, row }] of earned.entries()) {
    const badge = toBadge(row, repeats[i]!);
    badges.get(applied.position)!.push(badge);
    events.push(badgeEarned(row.user_id, badge, applied.event.requestId));
  }
  return { badges, events };
}
