import type { EventOf } from '@warriors/contracts';
import { forgetAddress, forgetDigests, saveVerifiedAddress } from '../store/addresses.store';
import { dropUnsentMails } from '../store/mails.store';
import { forgetPreferences } from '../store/preferences.store';
import type { Executor } from '../store/schema';
import { projectedUsers } from '../store/users.store';

/** A deleted account's address, preferences, digests and unsent mails go with it. */
export async function forgetUser(trx: Executor, userId: string): Promise<void> {
  await forgetAddress(trx, userId);
  await forgetPreferences(trx, userId);
  await forgetDigests(trx, userId);
  await dropUnsentMails(trx, userId);
}

/** A verified address is where the digests go (the newest one, never a deleted account's). */
export async function rememberVerifiedAddress(db: Executor, event: EventOf<'user.email_verified'>): Promise<void> {
  if (await projectedUsers.isDeleted(db, event.data.user_id)) return;
  await saveVerifiedAddress(db, event.data.user_id, event.data.email.toLowerCase(), new Date(event.occurredAt));
}
