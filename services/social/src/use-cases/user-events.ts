import type { Bus } from '@warriors/kit';
import type { Executor } from '../store/schema';
import { forgetUserRows } from '../store/users.store';

/** The transient subject on which every social instance hears of a deletion, to close its sockets of that account. */
export const LIVE_ACCOUNT_DELETED_SUBJECT = 'live.account-deleted';

/** The transient subject on which every social instance hears of a sign-out everywhere, to close the older sockets. */
export const LIVE_SESSIONS_REVOKED_SUBJECT = 'live.sessions-revoked';

/** A deleted user leaves the pulse and every bell: their lines (as actor or related user) and their nudges, sent and received. */
export async function forgetUser(trx: Executor, userId: string): Promise<void> {
  await forgetUserRows(trx, userId);
}

/**
 * Tells every instance, after the deletion committed (so an upgrade checking afterwards sees the
 * tombstone). A failed send throws: the deletion event comes again and the notice with it.
 */
export function announceDeletion(bus: Bus, userId: string): Promise<void> {
  return bus.publishTransient(LIVE_ACCOUNT_DELETED_SUBJECT, { user_id: userId });
}

/** Tells every instance, after the projection's session floor committed (an upgrade checking afterwards is refused). */
export function announceRevokedSessions(bus: Bus, userId: string, credentialVersion: number): Promise<void> {
  return bus.publishTransient(LIVE_SESSIONS_REVOKED_SUBJECT, { user_id: userId, credential_version: credentialVersion });
}
