import type { ActivityType, Kudos } from '@warriors/contracts';
import { sql } from 'kysely';
import type { KudosTarget } from '../domain/kudos';
import { SCHEMA, type Executor } from './schema';

/** The entry's kind rides along: kudos.given names it in the recipient's notification. */
export async function findKudosTarget(db: Executor, entryId: string): Promise<(KudosTarget & { activity_type: ActivityType }) | undefined> {
  return (
    db
      .withSchema(SCHEMA)
      .selectFrom('activities as a')
      .innerJoin('users as u', 'u.user_id', 'a.user_id')
      .select(['a.user_id', 'a.activity_type', 'u.show_in_battle_pulse'])
      .where('a.id', '=', entryId)
      // A deleted entry takes no kudos: it is gone from the feed.
      .where('a.deleted_at', 'is', null)
      .executeTakeFirst()
  );
}

/**
 * Gives the kudos unless this giver already gave the entry theirs (the primary key decides, races
 * included); answers whether this call gave them.
 */
export async function insertKudos(db: Executor, kudos: { id: string; entry_id: string; giver_id: string; recipient_id: string; created_at: Date }): Promise<boolean> {
  const inserted = await db
    .withSchema(SCHEMA)
    .insertInto('kudos')
    .values({ ...kudos, read_at: null })
    .onConflict((oc) => oc.columns(['entry_id', 'giver_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function countKudos(db: Executor, entryId: string): Promise<number> {
  const row = await db
    .withSchema(SCHEMA)
    .selectFrom('kudos')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('entry_id', '=', entryId)
    .executeTakeFirstOrThrow();
  return row.n;
}

interface KudosRow {
  id: string;
  entry_id: string;
  activity_type: ActivityType;
  from_user_id: string;
  from_name: string;
  from_username: string;
  created_at: Date;
  read_at: Date | null;
}

const inbox = (db: Executor) =>
  db
    .withSchema(SCHEMA)
    .selectFrom('kudos as k')
    .innerJoin('activities as a', 'a.id', 'k.entry_id')
    .innerJoin('users as g', 'g.user_id', 'k.giver_id')
    // The bell no longer speaks of an entry its owner deleted.
    .where('a.deleted_at', 'is', null)
    .select(['k.id', 'k.entry_id', 'a.activity_type', 'k.giver_id as from_user_id', 'g.name as from_name', 'g.username as from_username', 'k.created_at', 'k.read_at']);

const asKudos = ({ read_at, created_at, ...row }: KudosRow): Kudos => ({ ...row, created_at: created_at.toISOString(), is_read: read_at !== null });

/** The kudos given to a user's entries, newest first (the recipient index gives them in order). */
export async function receivedKudos(db: Executor, recipientId: string, limit: number): Promise<Kudos[]> {
  const rows = await inbox(db).where('k.recipient_id', '=', recipientId).orderBy('k.created_at', 'desc').orderBy('k.id').limit(limit).execute();
  return rows.map(asKudos);
}

/** Marks a user's kudos read (the first time only); undefined when it is not theirs or does not exist. */
export async function markKudosRead(db: Executor, recipientId: string, kudosId: string, at: Date): Promise<Kudos | undefined> {
  await db.withSchema(SCHEMA).updateTable('kudos').set({ read_at: at }).where('id', '=', kudosId).where('recipient_id', '=', recipientId).where('read_at', 'is', null).execute();
  const row = await inbox(db).where('k.id', '=', kudosId).where('k.recipient_id', '=', recipientId).executeTakeFirst();
  return row && asKudos(row);
}
