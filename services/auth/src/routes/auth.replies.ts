import { BUS_QUESTIONS } from '@warriors/contracts';
import { answerQuestion, type Bus, type Subscription } from '@warriors/kit';
import type { findAccountsByEmail } from '../use-cases/find-accounts-by-email.use-case';
import type { getProfileFields } from '../use-cases/get-profile-fields.use-case';
import type { getUserProjection } from '../use-cases/get-user-projection.use-case';

export interface AuthReplies {
  userProjection: ReturnType<typeof getUserProjection>;
  profileFields: ReturnType<typeof getProfileFields>;
  accountsByEmail: ReturnType<typeof findAccountsByEmail>;
}

/** What auth answers other services on the bus. */
export function answerAuthQuestions(bus: Bus, replies: AuthReplies): Promise<Subscription[]> {
  return Promise.all([
    answerQuestion(bus, BUS_QUESTIONS.userProjection, async ({ user_id }) => replies.userProjection(user_id)),
    answerQuestion(bus, BUS_QUESTIONS.profileFields, async ({ user_id }) => replies.profileFields(user_id)),
    answerQuestion(bus, BUS_QUESTIONS.accountsByEmail, async ({ emails }) => replies.accountsByEmail(emails)),
  ]);
}
