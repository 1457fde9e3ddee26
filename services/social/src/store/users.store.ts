import { projectUsers } from '@warriors/kit';
import { forgetPushRows } from './push.store';
import { SCHEMA, type Executor } from './schema';

/** One user's lock: their nudges (the rate limit's count), pulse events and deletion never interleave. */
export const userLock = (userId: string) => `social:${userId}`;

/** What social keeps of each user: the names a pulse event and a nudge show, whether the pulse may show them, and the zone push's quiet hours are in. */
export const projectedUsers = projectUsers({ schema: SCHEMA, columns: ['name', 'username', 'show_in_battle_pulse', 'timezone'], lockKey: userLock });

export type SocialUser = { user_id: string; name: string; username: string; show_in_battle_pulse: boolean };

export const findUser = (db: Executor, userId: string): Promise<SocialUser | undefined> =>
  db.withSchema(SCHEMA).selectFrom('users').select(['user_id', 'name', 'username', 'show_in_battle_pulse']).where('user_id', '=', userId).executeTakeFirst();

/** A deletion forgets every pulse event and nudge the user is part of, whichever side, and their devices, push choices and waiting notifications. */
export async function forgetUserRows(trx: Executor, userId: string): Promise<void> {
  await forgetPushRows(trx, userId);
  await trx
    .withSchema(SCHEMA)
    .deleteFrom('pulse_events')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('related_user_id', '=', userId)]))
    .execute();
  await trx
    .withSchema(SCHEMA)
    .deleteFrom('nudges')
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .execute();
}
