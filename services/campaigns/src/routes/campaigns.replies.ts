import { BUS_QUESTIONS } from '@warriors/contracts';
import { answerQuestion, type Bus, type Subscription } from '@warriors/kit';
import type { listActiveGoals } from '../use-cases/list-active-goals.use-case';

export interface CampaignsReplies {
  activeGoals: ReturnType<typeof listActiveGoals>;
}

/** What campaigns answers other services on the bus. */
export function answerCampaignsQuestions(bus: Bus, replies: CampaignsReplies): Promise<Subscription[]> {
  return Promise.all([answerQuestion(bus, BUS_QUESTIONS.activeGoals, async ({ user_id }) => replies.activeGoals(user_id))]);
}
