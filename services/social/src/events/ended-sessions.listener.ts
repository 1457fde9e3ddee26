import { z } from 'zod';
import type { Bus, Logger, Subscription } from '@warriors/kit';
import type { SocketHub } from '../live/socket-hub';
import { LIVE_ACCOUNT_DELETED_SUBJECT, LIVE_SESSIONS_REVOKED_SUBJECT } from '../use-cases/user-events';

const DeletedAccount = z.object({ user_id: z.string() });
const RevokedSessions = z.object({ user_id: z.string(), credential_version: z.number().int().nonnegative() });

interface ListenerDeps {
  bus: Bus;
  hub: SocketHub;
  logger: Logger;
}

/**
 * Every instance hears every deletion on the transient subject and closes its own sockets of that
 * account: the user events' durable consumer hands each deletion to one instance only.
 */
export function listenDeletedAccounts(deps: ListenerDeps): Promise<Subscription> {
  return deps.bus.subscribeTransient(LIVE_ACCOUNT_DELETED_SUBJECT, (payload) => {
    const parsed = DeletedAccount.safeParse(payload);
    if (!parsed.success) return deps.logger.warn('malformed account deletion notice dropped');
    deps.hub.closeAccount(parsed.data.user_id);
  });
}

/** Likewise for a sign-out everywhere: each instance closes its sockets opened with an older token. */
export function listenRevokedSessions(deps: ListenerDeps): Promise<Subscription> {
  return deps.bus.subscribeTransient(LIVE_SESSIONS_REVOKED_SUBJECT, (payload) => {
    const parsed = RevokedSessions.safeParse(payload);
    if (!parsed.success) return deps.logger.warn('malformed sessions revoked notice dropped');
    deps.hub.closeSessionsBelow(parsed.data.user_id, parsed.data.credential_version);
  });
}
