import type { PulseEvent, PulseEventType } from '@warriors/contracts';
import { SCHEMA, type Executor, type PulseEventRow } from './schema';

/** Stores a line; false when it is a challenge line its user already has for that challenge and date. */
export async function insertPulseEvent(db: Executor, row: PulseEventRow): Promise<boolean> {
  const inserted = await db
    .withSchema(SCHEMA)
    .insertInto('pulse_events')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'challenge_id', 'challenge_date']).where('challenge_id', 'is not', null).doNothing())
    .returning('id')
    .execute();
  return inserted.length > 0;
}

export async function pulseEventType(db: Executor, id: string): Promise<PulseEventType | undefined> {
  const row = await db.withSchema(SCHEMA).selectFrom('pulse_events').select('type').where('id', '=', id).executeTakeFirst();
  return row?.type;
}

/**
 * The lines whose user and related user both show in the pulse NOW (their current flags in the
 * projection): turning the flag off hides their past events too.
 */
function visibleLines(db: Executor) {
  return db
    .withSchema(SCHEMA)
    .selectFrom('pulse_events as e')
    .innerJoin('users as u', 'u.user_id', 'e.user_id')
    .leftJoin('users as r', 'r.user_id', 'e.related_user_id')
    .select(['e.id', 'e.type', 'e.user_id', 'u.username', 'u.name', 'e.message', 'r.username as related_user', 'e.created_at'])
    .where('u.show_in_battle_pulse', '=', true)
    .where((eb) => eb.or([eb('e.related_user_id', 'is', null), eb('r.show_in_battle_pulse', '=', true)]));
}

const toPulseEvent = <Row extends { related_user: string | null; created_at: Date }>(row: Row) => ({
  ...row,
  related_user: row.related_user ?? null,
  created_at: row.created_at.toISOString(),
});

/**
 * The newest `limit` nudge lines (`nudges`) or the newest `limit` other lines, newest first, of those
 * that show (visibleLines). Each kind reads its own partial index.
 */
export async function recentPulseEvents(db: Executor, limit: number, nudges: boolean): Promise<PulseEvent[]> {
  const rows = await visibleLines(db)
    .where('e.type', nudges ? '=' : '<>', 'encourage')
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toPulseEvent);
}

/** The newest `limit` lines that show (visibleLines) stored at or after `since`, oldest first. */
export async function pulseEventsStoredSince(db: Executor, since: Date, limit: number): Promise<PulseEvent[]> {
  const rows = await visibleLines(db).where('e.stored_at', '>=', since).orderBy('e.stored_at', 'desc').orderBy('e.id', 'desc').limit(limit).execute();
  return rows.reverse().map(toPulseEvent);
}

/** Removes the lines made before `before`; answers how many. */
export async function deletePulseEventsBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.withSchema(SCHEMA).deleteFrom('pulse_events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
