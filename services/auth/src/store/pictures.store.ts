import { sql } from 'kysely';
import type { Picture } from '../domain/profile-picture';
import { SCHEMA, type Executor } from './users.store';

/** A stored picture: its bytes, their type and the version its URL names. */
export interface StoredPicture {
  version: number;
  mime: string;
  bytes: Buffer;
}

const table = (name: string) => sql.table(`${SCHEMA}.${name}`);

/**
 * Stores a user's picture, replacing the one before, and answers its new version; undefined when
 * the user does not exist. Concurrent uploads wait on the row, so each gets its own version.
 */
export async function savePicture(db: Executor, userId: string, picture: Picture, at: Date): Promise<number | undefined> {
  const saved = await sql<{ version: number }>`
    insert into ${table('profile_pictures')} (user_id, version, mime, bytes, updated_at)
    select id, 1, ${picture.mime}, ${picture.bytes}::bytea, ${at}::timestamptz
    from ${table('users')} where id = ${userId}
    on conflict (user_id) do update
      set version = profile_pictures.version + 1, mime = excluded.mime, bytes = excluded.bytes, updated_at = excluded.updated_at
    returning version`.execute(db);
  return saved.rows[0]?.version;
}

export async function findPicture(db: Executor, userId: string): Promise<StoredPicture | undefined> {
  const found = await sql<{ version: number; mime: string; bytes: Uint8Array }>`
    select version, mime, bytes from ${table('profile_pictures')} where user_id = ${userId}`.execute(db);
  const row = found.rows[0];
  // pg answers a Buffer, PGlite a plain Uint8Array: both become a Buffer over the same memory.
  return row && { version: row.version, mime: row.mime, bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) };
}

/**
 * Takes up to `limit` users whose pictures the 0002 migration moved and whose user.updated is not
 * sent yet, removing them from the list; hold it in the transaction that enqueues their events.
 * SKIP LOCKED lets several instances starting together share the list instead of waiting.
 */
export async function takeMovedPictures(db: Executor, limit: number): Promise<string[]> {
  const taken = await sql<{ user_id: string }>`
    delete from ${table('moved_pictures_to_announce')}
    where user_id in (select user_id from ${table('moved_pictures_to_announce')} limit ${limit} for update skip locked)
    returning user_id`.execute(db);
  return taken.rows.map((row) => row.user_id);
}
