import { z } from 'zod';
import type { Bus, Logger, Subscription } from '@warriors/kit';
import type { SocketHub } from '../live/socket-hub';
import { LIVE_ACCOUNT_DELETED_SUBJECT } from '../use-cases/user-events';

const DeletedAccount = z.object({ user_id: z.string() });

/**
 * Every instance hears every deletion on the transient subject and closes its own sockets of that
 * account: the user events' durable consumer hands each deletion to one instance only.
 */
export function listenDeletedAccounts(deps: { bus: Bus; hub: SocketHub; logger: Logger }): Promise<Subscription> {
  return deps.bus.subscribeTransient(LIVE_ACCOUNT_DELETED_SUBJECT, (payload) => {
    const parsed = DeletedAccount.safeParse(payload);
    if (!parsed.success) return deps.logger.warn('malformed account deletion notice dropped');
    deps.hub.closeAccount(parsed.data.user_id);
  });
}
