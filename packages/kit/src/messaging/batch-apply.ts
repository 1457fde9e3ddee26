import type { Kysely, Transaction } from 'kysely';
import { inLockOrder, lockAllAndMarkApplied } from './inbox';

export interface BatchApplyOptions<T> {
  /** The consuming service's schema, which holds its inbox. */
  schema: string;
  /** Stamped on the inbox rows. */
  at: Date;
  /** What inLockOrder groups and sorts the batch by (a user id). */
  orderBy(item: T): string;
  /** The advisory lock the item's effects need (a user's lock). */
  lock(item: T): string;
  eventId(item: T): string;
}

export interface BatchInTransaction<DB, T> {
  trx: Transaction<DB>;
  /** The batch in lock order. */
  ordered: T[];
  /** Of those, in the same order, the first copy of each event applied now: a redelivery, or a later copy in the batch, is left out. */
  fresh: T[];
}

/**
 * The exactly-once skeleton of a consumer applying a batch: ONE transaction that takes the batch's
 * locks (in inLockOrder's order, so batches sharing keys never deadlock) and records every event id
 * in the inbox in one statement, then runs `apply` under those locks. Any failure rolls the whole
 * batch back, inbox rows included (the bus then applies its events one by one).
 */
export function applyBatchOnce<DB, T, R>(db: Kysely<DB>, items: readonly T[], options: BatchApplyOptions<T>, apply: (batch: BatchInTransaction<DB, T>) => Promise<R>): Promise<R> {
  return db.transaction().execute(async (trx) => {
    const ordered = inLockOrder(items, options.orderBy);
    const applied = await lockAllAndMarkApplied(trx, options.schema, ordered.map(options.lock), ordered.map(options.eventId), options.at);
    const fresh = ordered.filter((item) => applied.delete(options.eventId(item)));
    return apply({ trx, ordered, fresh });
  });
}

/** The options for a batch of user events (each an id and data.user_id), each taking its user's lock. */
export function byUserOnce<E extends { id: string; data: { user_id: string } }>(schema: string, at: Date, userLock: (userId: string) => string): BatchApplyOptions<E> {
  return { schema, at, orderBy: (e) => e.data.user_id, lock: (e) => userLock(e.data.user_id), eventId: (e) => e.id };
}
