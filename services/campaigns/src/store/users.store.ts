import { projectUsers } from '@warriors/kit';
import { inSchema, SCHEMA, type Executor } from './schema';

/** One user's lock: joins, edits, credited activities and the user's deletion never interleave. */
export const userLock = (userId: string) => `campaigns:${userId}`;

/**
 * What campaigns keeps of each user (kit's user projection): the timezone and the day a change of it
 * left in force, which date a new goal's days and a completion (its local_date).
 */
export const projectedUsers = projectUsers({ schema: SCHEMA, columns: ['timezone', 'day_carry_date', 'day_carry_until'], lockKey: userLock });

export type CampaignsUser = { user_id: string; timezone: string; day_carry_date: string | null; day_carry_until: string | null };

export const findUser = (db: Executor, userId: string): Promise<CampaignsUser | undefined> =>
  inSchema(db).selectFrom('users').select(['user_id', 'timezone', 'day_carry_date', 'day_carry_until']).where('user_id', '=', userId).executeTakeFirst();

export const isDeleted = (db: Executor, userId: string): Promise<boolean> => projectedUsers.isDeleted(db, userId);
