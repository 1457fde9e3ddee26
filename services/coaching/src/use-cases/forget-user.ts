import type { Kysely } from 'kysely';
import { deleteAnswersOf } from '../store/answers.store';
import type { CoachingDatabase } from '../store/schema';

/** A deleted account's kept plans and goals (their figures, in the model's words) go with it. */
export const forgetUser = (trx: Kysely<CoachingDatabase>, userId: string): Promise<void> => deleteAnswersOf(trx, userId);
