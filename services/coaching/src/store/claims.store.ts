import { sql } from 'kysely';
import type { LocalDate } from '@warriors/contracts';
import { SCHEMA, type AnswerKind, type Executor } from './schema';

export interface AnswerClaim {
  userId: string;
  date: LocalDate;
  kind: AnswerKind;
  /** Names this request's claim, so a request whose claim expired and was taken over cannot release the new one. */
  claimant: string;
}

/** Claims the model call for this answer until `expiresAt`: true when no one holds it, or whoever did has let it expire. */
export async function claimAnswer(db: Executor, claim: AnswerClaim, now: Date, expiresAt: Date): Promise<boolean> {
  const result = await db
    .withSchema(SCHEMA)
    .insertInto('answer_claims')
    .values({ user_id: claim.userId, local_date: claim.date, kind: claim.kind, claimant: claim.claimant, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['user_id', 'local_date', 'kind']).doUpdateSet({ claimant: claim.claimant, expires_at: expiresAt }).where('answer_claims.expires_at', '<=', now))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Ends this request's claim, whether its call was kept or failed. */
export async function releaseClaim(db: Executor, claim: AnswerClaim): Promise<void> {
  await db
    .withSchema(SCHEMA)
    .deleteFrom('answer_claims')
    .where('user_id', '=', claim.userId)
    .where(sql<string>`local_date::text`, '=', claim.date)
    .where('kind', '=', claim.kind)
    .where('claimant', '=', claim.claimant)
    .execute();
}

/** Forgets every claim of a user (their account was deleted). */
export async function deleteClaimsOf(db: Executor, userId: string): Promise<void> {
  await db.withSchema(SCHEMA).deleteFrom('answer_claims').where('user_id', '=', userId).execute();
}
