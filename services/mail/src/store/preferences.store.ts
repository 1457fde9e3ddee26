import { DEFAULT_MAIL_PREFERENCES, type MailPreferenceKind, type MailPreferences } from '@warriors/contracts';
import type { Executor } from './schema';

export async function preferencesOf(db: Executor, userId: string): Promise<MailPreferences> {
  const row = await db.withSchema('mail').selectFrom('preferences').select(['weekly_recap', 'daily_digest', 'invitations']).where('user_id', '=', userId).executeTakeFirst();
  return row ?? DEFAULT_MAIL_PREFERENCES;
}

export async function savePreferences(db: Executor, userId: string, preferences: MailPreferences, at: Date): Promise<MailPreferences> {
  await db
    .withSchema('mail')
    .insertInto('preferences')
    .values({ user_id: userId, ...preferences, updated_at: at })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...preferences, updated_at: at }))
    .execute();
  return preferences;
}

export async function switchOff(db: Executor, userId: string, kind: MailPreferenceKind, at: Date): Promise<void> {
  await db
    .withSchema('mail')
    .insertInto('preferences')
    .values({ user_id: userId, ...DEFAULT_MAIL_PREFERENCES, [kind]: false, updated_at: at })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ [kind]: false, updated_at: at }))
    .execute();
}

export async function suppress(db: Executor, email: string, kind: MailPreferenceKind, at: Date): Promise<void> {
  await db
    .withSchema('mail')
    .insertInto('suppressions')
    .values({ email, kind, suppressed_at: at })
    .onConflict((conflict) => conflict.columns(['email', 'kind']).doNothing())
    .execute();
}

export async function isSuppressed(db: Executor, email: string, kind: MailPreferenceKind): Promise<boolean> {
  return (await db.withSchema('mail').selectFrom('suppressions').select('email').where('email', '=', email).where('kind', '=', kind).executeTakeFirst()) !== undefined;
}

export async function forgetPreferences(db: Executor, userId: string): Promise<void> {
  await db.withSchema('mail').deleteFrom('preferences').where('user_id', '=', userId).execute();
}
