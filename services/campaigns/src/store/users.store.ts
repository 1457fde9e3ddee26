import { projectUsers } from '@warriors/kit';
import { inSchema, SCHEMA, type Executor } from './schema';

/** One user's lock: joins, edits, credited activities and the user's deletion never interleave. */
export const userLock = (userId: string) => `campaigns:${userId}`;

/** What campaigns keeps of each user (kit's user projection): the timezone that dates a completion (its local_date). */
export const projectedUsers = projectUsers({ schema: SCHEMA, columns: ['timezone'], lockKey: userLock });

export type CampaignsUser = { user_id: string; timezone: string };

export const findUser = (db: Executor, userId: string): Promise<CampaignsUser | undefined> =>
  inSchema(db).selectFrom('users').select(['user_id', 'timezone']).where('user_id', '=', userId).executeTakeFirst();

export async function timezoneOf(db: Executor, userId: string): Promise<string | undefined> {
  const row = await inSchema(db).selectFrom('users').select('timezone').where('user_id', '=', userId).executeTakeFirst();
  return row?.timezone;
}

export const isDeleted = (db: Executor, userId: string): Promise<boolean> => projectedUsers.isDeleted(db, userId);
