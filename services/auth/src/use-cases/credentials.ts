import type { MailRequest } from '@warriors/contracts';
import { newLinkToken, tokenExpiry, type TokenPurpose } from '../domain/account-tokens';
import type { UserRecord } from '../domain/user';
import { mailRequested, userSessionsRevoked, type EventContext } from '../domain/user-events';
import { insertAccountToken, voidAccountTokens } from '../store/account-tokens.store';
import { updateCredentials, type CredentialChanges, type Executor } from '../store/users.store';
import type { AccountsDeps } from './account-access';

/** What the account mails' operations share, each in the caller's transaction. */
export function credentials({ outbox }: Pick<AccountsDeps, 'outbox'>) {
  /**
   * A new link of `purpose` for `email`, the older unused ones of that purpose voided, and its mail
   * requested: `mail` builds the request around the token.
   */
  async function sendLink(trx: Executor, user: UserRecord, purpose: TokenPurpose, email: string, mail: (token: string) => MailRequest, context: EventContext): Promise<void> {
    await voidAccountTokens(trx, user.id, [purpose], context.at);
    const link = newLinkToken();
    await insertAccountToken(trx, { token_hash: link.hash, user_id: user.id, purpose, email, created_at: context.at, expires_at: tokenExpiry(purpose, context.at) });
    await outbox.enqueue(trx, mailRequested(mail(link.token), context));
  }

  const sendVerification = (trx: Executor, user: UserRecord, context: EventContext) =>
    sendLink(trx, user, 'verify', user.email, (token) => ({ kind: 'verify_email', to: user.email, user_id: user.id, name: user.name, token }), context);

  /**
   * Applies `changes` and raises the credential version: every token signed before stops working
   * (user.sessions_revoked), and so does every reset link still unused.
   */
  async function revokeSessions(trx: Executor, user: UserRecord, changes: CredentialChanges, context: EventContext): Promise<UserRecord> {
    const updated = await updateCredentials(trx, user.id, { ...changes, credential_version: user.credential_version + 1 }, context.at);
    if (!updated) throw new Error(`user ${user.id} vanished under its lock`);
    await voidAccountTokens(trx, user.id, ['reset'], context.at);
    await outbox.enqueue(trx, userSessionsRevoked(updated, context));
    return updated;
  }

  /** A new password: sessions revoked, and the owner told by mail (in case it was not them). */
  async function setPassword(trx: Executor, user: UserRecord, passwordHash: string, extra: CredentialChanges, context: EventContext): Promise<UserRecord> {
    const updated = await revokeSessions(trx, user, { ...extra, password_hash: passwordHash }, context);
    await outbox.enqueue(trx, mailRequested({ kind: 'password_changed', to: updated.email, user_id: updated.id, name: updated.name }, context));
    return updated;
  }

  return { sendLink, sendVerification, revokeSessions, setPassword };
}
