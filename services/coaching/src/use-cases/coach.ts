import { AiGoal, CoachingPlan, COACHING_MESSAGES, DailyAccountability, type CoachingFigures } from '@warriors/contracts';
import { HttpError, type Bus, type Clock } from '@warriors/kit';
import type { z } from 'zod';
import { goalRequest, planRequest } from '../domain/prompts';
import { findAnswer, saveAnswer } from '../store/answers.store';
import type { AnswerKind, Executor } from '../store/schema';
import type { CoachModel } from './coach-model';
import { gatherFigures } from './figures';

export interface CoachDeps {
  db: Executor;
  bus: Bus;
  clock: Clock;
  model: CoachModel;
}

export type Coach = ReturnType<typeof createCoach>;

export function createCoach({ db, bus, clock, model }: CoachDeps) {
  /**
   * The day's answer of this kind: the one kept for the user's local day, else the model's, kept once
   * it is valid whole. A failed answer is never kept, so the next request asks the model again.
   */
  async function daily<S extends z.ZodTypeAny>(userId: string, kind: AnswerKind, shape: S, ask: (figures: CoachingFigures) => Promise<z.infer<S>>): Promise<z.infer<S>> {
    // Before anything is asked of anyone: without a model there is nothing to wait for.
    if (!model.configured) throw new HttpError(503, COACHING_MESSAGES.notConfigured);
    const figures = await gatherFigures(bus, clock, userId);
    const kept = shape.safeParse(await findAnswer(db, userId, figures.local_date, kind));
    if (kept.success) return kept.data;
    const answer = await ask(figures);
    // The day is the one the figures were asked on, even if the model answered after midnight.
    await saveAnswer(db, userId, figures.local_date, kind, answer, clock.now());
    return answer;
  }

  return {
    /** GET /api/daily-accountability: the model's plan, with the data quality computed from the broker's own activity. */
    dailyAccountability: (userId: string): Promise<DailyAccountability> =>
      daily(userId, 'plan', DailyAccountability, async (figures) => ({ ...(await model.answer(planRequest(figures), CoachingPlan)), dataQuality: figures.data_quality })),
    /** POST /api/ai/goal/today: today's recommended goal, sized from the broker's own rates. */
    goalToday: (userId: string): Promise<AiGoal> => daily(userId, 'goal', AiGoal, (figures) => model.answer(goalRequest(figures), AiGoal)),
  };
}
