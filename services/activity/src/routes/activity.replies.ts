import { BUS_QUESTIONS } from '@warriors/contracts';
import { answerQuestion, type Bus, type Subscription } from '@warriors/kit';
import type { countActivitiesByWindow } from '../use-cases/count-activities-by-window.use-case';
import type { getOwnFunnel } from '../use-cases/get-own-funnel.use-case';
import type { listDayEntries } from '../use-cases/list-day-entries.use-case';

export interface ActivityReplies {
  countsByWindow: ReturnType<typeof countActivitiesByWindow>;
  ownFunnel: ReturnType<typeof getOwnFunnel>;
  dayEntries: ReturnType<typeof listDayEntries>;
}

/** What activity answers other services on the bus. */
export function answerActivityQuestions(bus: Bus, replies: ActivityReplies): Promise<Subscription[]> {
  return Promise.all([
    answerQuestion(bus, BUS_QUESTIONS.activityCounts, async (request) => replies.countsByWindow(request.user_id, request.timezone)),
    answerQuestion(bus, BUS_QUESTIONS.dayEntries, async (request) => replies.dayEntries(request.user_id, request.local_date)),
    answerQuestion(bus, BUS_QUESTIONS.funnel, async (request) => replies.ownFunnel(request.user_id, request.timezone, request.window)),
  ]);
}
