import { sql } from 'kysely';
import { SCHEMA, type Executor } from './schema';

/**
 * Takes the retention pass's lock for the rest of the transaction, or answers false at once when
 * another social instance holds it (that instance is pruning the same rows).
 */
export async function tryRetentionLock(trx: Executor): Promise<boolean> {
  const taken = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`${SCHEMA}:retention`})) as locked`.execute(trx);
  return taken.rows[0]!.locked;
}
