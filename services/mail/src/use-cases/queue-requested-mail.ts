import { ACCOUNT_MAIL_KINDS, MAIL_PREFERENCE_OF, type EventOf, type MailKind } from '@warriors/contracts';
import type { Logger } from '@warriors/kit';
import { renderRequest } from '../domain/templates';
import type { UnsubscribeTarget } from '../domain/unsubscribe-token';
import { userOfAddress } from '../store/addresses.store';
import { isSuppressed, preferencesOf } from '../store/preferences.store';
import type { Executor } from '../store/schema';
import { projectedUsers } from '../store/users.store';
import type { MailQueue } from './mail-queue';

const isAccountMail = (kind: MailKind): boolean => (ACCOUNT_MAIL_KINDS as readonly MailKind[]).includes(kind);

/**
 * A mail another service asked for (`mail.requested`, from its outbox in the transaction that caused
 * it): queued once per event. An account mail always goes; an invitation follows the invited
 * broker's preference, or, for an address without an account, whether it unsubscribed.
 */
export function queueRequestedMail(deps: { db: Executor; queue: MailQueue; logger: Logger }) {
  const { db, queue } = deps;
  return async function queueRequested(event: EventOf<'mail.requested'>): Promise<void> {
    const request = event.data;
    const to = request.to.trim().toLowerCase();
    if (request.user_id && (await projectedUsers.isDeleted(db, request.user_id))) return;
    let headers: Record<string, string> = {};
    let unsubscribeUrl: string | undefined;
    if (!isAccountMail(request.kind)) {
      const preference = MAIL_PREFERENCE_OF[request.kind]!;
      const owner = request.user_id ?? (await userOfAddress(db, to));
      const wanted = owner ? (await preferencesOf(db, owner))[preference] : !(await isSuppressed(db, to, preference));
      if (!wanted) return;
      const target: UnsubscribeTarget = owner ? { kind: preference, user_id: owner } : { kind: preference, email: to };
      const links = await queue.unsubscribeLinks(target);
      headers = links.headers;
      unsubscribeUrl = links.page;
    }
    const rendered = renderRequest(request, { publicUrl: queue.publicUrl(), unsubscribeUrl });
    if (await queue.queue(db, { requestKey: event.id, kind: request.kind, to, userId: request.user_id }, rendered, headers)) queue.kick();
  };
}
