import type { Badge, EventOf } from '@warriors/contracts';
import { inLockOrder, type Outbox } from '@warriors/kit';
import { qualifyingBadges, toBadge } from '../domain/badges';
import { badgeStats, ledgerEntryFor } from '../domain/ledger';
import { streakDays } from '../domain/streak';
import { badgeEarned } from '../events/badge-events';
import { badgeRows, insertNewBadges } from '../store/badges.store';
import { applyActivityEntry, badgeContext } from '../store/ledger.store';
import type { Executor } from '../store/schema';

export type RecordOutcome =
  | { kind: 'applied'; badges: Badge[] }
  /** PostgreSQL has it already; the leaderboard may not, if a crash came between commit and apply. */
  | { kind: 'duplicate' }
  /** The user was deleted: nothing of theirs may come back. */
  | { kind: 'deleted-user' };

export interface RecordDeps {
  db: Executor;
  outbox: Outbox;
  dailyGoalPoints: number;
}

/**
 * The SQL half of applying activity.logged, in one transaction: inbox, ledger row and daily totals
 * (one statement), then the badge rules on the user's totals, badges newly earned and their
 * badge.earned events. The leaderboard half runs after the commit.
 */
export async function recordActivity(deps: RecordDeps, event: EventOf<'activity.logged'>, at: Date): Promise<RecordOutcome> {
  const [outcome] = await recordActivities(deps, [event], at);
  return outcome!;
}

/**
 * Applies a batch of activity.logged in ONE transaction (one begin and one commit, one WAL flush,
 * for all of them), each event as recordActivity would. Events are applied grouped by user in a
 * stable order (inLockOrder), so batches sharing users take the user locks in the same order and
 * never deadlock; a user's events keep their delivery order. Any failure rolls back the whole batch
 * (the bus then applies its events one by one). Outcomes come back in the order of `events`.
 */
export async function recordActivities(deps: RecordDeps, events: ReadonlyArray<EventOf<'activity.logged'>>, at: Date): Promise<RecordOutcome[]> {
  return deps.db.transaction().execute(async (trx) => {
    const outcomes = new Map<EventOf<'activity.logged'>, RecordOutcome>();
    for (const event of inLockOrder(events, (e) => e.data.user_id)) outcomes.set(event, await applyOne(deps, trx, event, at));
    return events.map((event) => outcomes.get(event)!);
  });
}

async function applyOne(deps: RecordDeps, trx: Executor, event: EventOf<'activity.logged'>, at: Date): Promise<RecordOutcome> {
  const entry = ledgerEntryFor(event);
  // The ledger is keyed by activity id too: the same activity under a new event id counts once.
  const applied = await applyActivityEntry(trx, event.id, entry, at);
  if (applied.deleted) return { kind: 'deleted-user' };
  if (!applied.firstTime || !applied.inserted) return { kind: 'duplicate' };

  const context = await badgeContext(trx, entry.user_id, entry.local_date);
  const stats = badgeStats(context.totals, streakDays(context.dates, entry.local_date));
  const held = new Set(context.earned.map((b) => `${b.badge_type}/${b.cycle_key}`));
  // Most events qualify only for badges already held this cycle: no insert for those.
  const fresh = qualifyingBadges(stats, entry.local_date, deps.dailyGoalPoints).filter((q) => !held.has(`${q.spec.key}/${q.cycleKey}`));
  const earned = await insertNewBadges(trx, entry.user_id, fresh, at);
  const cycles = await badgeRows(trx, entry.user_id, earned.map((b) => b.badge_type));
  const badges = earned.map((row) => toBadge(row, cycles.filter((c) => c.badge_type === row.badge_type).length));
  for (const badge of badges) await deps.outbox.enqueue(trx, badgeEarned(entry.user_id, badge, event.requestId));
  return { kind: 'applied', badges };
}
