import { BUS_QUESTIONS } from '@warriors/contracts';
import { answerQuestion, type Bus, type Subscription } from '@warriors/kit';
import type { getPublicStats } from '../use-cases/get-public-stats.use-case';
import type { getRanks } from '../use-cases/get-ranks.use-case';
import type { getStanding } from '../use-cases/get-standing.use-case';
import type { getUserStats } from '../use-cases/get-user-stats.use-case';
import type { getWeeklyRecap } from '../use-cases/get-weekly-recap.use-case';
import type { listHeldEntries } from '../use-cases/list-held-entries.use-case';

export interface GamificationReplies {
  ranks: ReturnType<typeof getRanks>;
  publicStats: ReturnType<typeof getPublicStats>;
  standing: ReturnType<typeof getStanding>;
  userStats: ReturnType<typeof getUserStats>;
  heldEntries: ReturnType<typeof listHeldEntries>;
  weeklyRecap: ReturnType<typeof getWeeklyRecap>;
}

/** What gamification answers other services on the bus. */
export function answerGamificationQuestions(bus: Bus, replies: GamificationReplies): Promise<Subscription[]> {
  return Promise.all([
    answerQuestion(bus, BUS_QUESTIONS.ranks, async (request) => replies.ranks(request.user_ids, request.window, request.timezone)),
    answerQuestion(bus, BUS_QUESTIONS.publicStats, async (request) => replies.publicStats(request.user_id, request.timezone)),
    answerQuestion(bus, BUS_QUESTIONS.standing, async (request) => replies.standing(request.user_id, request.window, request.timezone)),
    answerQuestion(bus, BUS_QUESTIONS.userStats, async ({ user_id }) => replies.userStats(user_id)),
    answerQuestion(bus, BUS_QUESTIONS.heldEntries, async ({ user_id, activity_ids }) => replies.heldEntries(user_id, activity_ids)),
    // As GET /api/recap/weekly answers the user: a user gamification does not know has a quiet week in UTC.
    answerQuestion(bus, BUS_QUESTIONS.weeklyRecap, async ({ user_id }) => replies.weeklyRecap(user_id)),
  ]);
}
