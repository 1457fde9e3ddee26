import type { Kysely } from 'kysely';
import { deleteAnswersOf } from '../store/answers.store';
import { deleteClaimsOf } from '../store/claims.store';
import type { CoachingDatabase } from '../store/schema';

/** A deleted account's kept plans and goals (their figures, in the model's words) go with it, and any claim a dead process left. */
export async function forgetUser(trx: Kysely<CoachingDatabase>, userId: string): Promise<void> {
  await deleteAnswersOf(trx, userId);
  await deleteClaimsOf(trx, userId);
}
