import { BUS_QUESTIONS } from '@warriors/contracts';
import { answerQuestion, type Bus, type Subscription } from '@warriors/kit';
import type { listPendingInvites } from '../use-cases/list-pending-invites.use-case';

export interface ChallengesReplies {
  pendingInvites: ReturnType<typeof listPendingInvites>;
}

/** What challenges answers other services on the bus. */
export function answerChallengesQuestions(bus: Bus, replies: ChallengesReplies): Promise<Subscription[]> {
  return Promise.all([answerQuestion(bus, BUS_QUESTIONS.pendingInvites, async ({ user_id, since }) => replies.pendingInvites(user_id, since))]);
}
