import { BUS_QUESTIONS } from '@warriors/contracts';
import { answerQuestion, type Bus, type Subscription } from '@warriors/kit';
import type { listActiveGoals } from '../use-cases/list-active-goals.use-case';
import type { listCompletedGoals } from '../use-cases/list-completed-goals.use-case';

export interface CampaignsReplies {
  activeGoals: ReturnType<typeof listActiveGoals>;
  completedGoals: ReturnType<typeof listCompletedGoals>;
}

/** What campaigns answers other services on the bus. */
export function answerCampaignsQuestions(bus: Bus, replies: CampaignsReplies): Promise<Subscription[]> {
  return Promise.all([
    answerQuestion(bus, BUS_QUESTIONS.activeGoals, async ({ user_id }) => replies.activeGoals(user_id)),
    answerQuestion(bus, BUS_QUESTIONS.completedGoals, async ({ user_id, from, to }) => replies.completedGoals(user_id, from, to)),
  ]);
}
