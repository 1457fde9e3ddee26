import { MAIL_MESSAGES, type MailPreferences, type UnsubscribeResponse } from '@warriors/contracts';
import { HttpError, type Clock } from '@warriors/kit';
import { readUnsubscribeToken } from '../domain/unsubscribe-token';
import { preferencesOf, savePreferences, suppress, switchOff } from '../store/preferences.store';
import type { Executor } from '../store/schema';

export interface PreferencesDeps {
  db: Executor;
  clock: Clock;
  linkKey: () => Promise<Buffer>;
}

/** Settings' mail kinds, and the signed link in every non-essential mail that switches one off without a sign-in. */
export function mailPreferences(deps: PreferencesDeps) {
  const { db, clock } = deps;
  return {
    read: (userId: string): Promise<MailPreferences> => preferencesOf(db, userId),
    save: (userId: string, preferences: MailPreferences): Promise<MailPreferences> => savePreferences(db, userId, preferences, clock.now()),
    async unsubscribe(token: string): Promise<UnsubscribeResponse> {
      const target = readUnsubscribeToken(await deps.linkKey(), token);
      if (!target) throw new HttpError(400, MAIL_MESSAGES.unsubscribeInvalid);
      if ('user_id' in target) await switchOff(db, target.user_id, target.kind, clock.now());
      else await suppress(db, target.email, target.kind, clock.now());
      return { detail: MAIL_MESSAGES.unsubscribed[target.kind], kind: target.kind };
    },
  };
}
