import { AiGoal, coachPlanMadeEventId, CoachingPlan, COACHING_MESSAGES, DailyAccountability, type CoachingFigures, type DomainEvent } from '@warriors/contracts';
import type { Kysely } from 'kysely';
import { HttpError, type Bus, type Clock, type Outbox } from '@warriors/kit';
import type { z } from 'zod';
import { goalRequest, planRequest } from '../domain/prompts';
import { findAnswer, saveAnswer } from '../store/answers.store';
import type { AnswerKind, CoachingDatabase } from '../store/schema';
import { projectedUsers } from '../store/users.store';
import type { CoachModel } from './coach-model';
import { gatherFigures } from './figures';

export interface CoachDeps {
  db: Kysely<CoachingDatabase>;
  outbox: Outbox;
  bus: Bus;
  clock: Clock;
  model: CoachModel;
}

export type Coach = ReturnType<typeof createCoach>;

export function createCoach({ db, outbox, bus, clock, model }: CoachDeps) {
  /**
   * The day's answer of this kind: the one kept for the user's local day, else the model's, kept once
   * it is valid whole. A failed answer is never kept, so the next request asks the model again.
   */
  async function daily<S extends z.ZodTypeAny>(
    userId: string,
    kind: AnswerKind,
    shape: S,
    ask: (figures: CoachingFigures) => Promise<z.infer<S>>,
    eventsOf: (figures: CoachingFigures) => DomainEvent[] = () => [],
  ): Promise<z.infer<S>> {
    // Before anything is asked of anyone: without a model there is nothing to wait for.
    if (!model.configured) throw new HttpError(503, COACHING_MESSAGES.notConfigured);
    const figures = await gatherFigures(bus, clock, userId);
    const kept = shape.safeParse(await findAnswer(db, userId, figures.local_date, kind));
    if (kept.success) return kept.data;
    const answer = await ask(figures);
    // The day is the one the figures were asked on, even if the model answered after midnight.
    await db.transaction().execute(async (trx) => {
      // Under the lock the deletion takes: an account deleted while its model answered keeps nothing.
      await projectedUsers.lock(trx, userId);
      if (await projectedUsers.isDeleted(trx, userId)) return;
      if (await saveAnswer(trx, userId, figures.local_date, kind, answer, clock.now())) await outbox.enqueueAll(trx, eventsOf(figures));
    });
    return answer;
  }

  return {
    /** GET /api/daily-accountability: the model's plan, with the data quality computed from the broker's own activity. */
    dailyAccountability: (userId: string): Promise<DailyAccountability> =>
      daily(
        userId,
        'plan',
        DailyAccountability,
        async (figures) => ({ ...(await model.answer(planRequest(figures), CoachingPlan)), dataQuality: figures.data_quality }),
        // Social's `coach` pulse line, once a user and day.
        (figures) => [
          {
            id: coachPlanMadeEventId(userId, figures.local_date),
            type: 'pulse.coached',
            v: 1,
            occurredAt: clock.now().toISOString(),
            data: { user_id: userId, local_date: figures.local_date },
          },
        ],
      ),
    /** POST /api/ai/goal/today: today's recommended goal, sized from the broker's own rates. */
    goalToday: (userId: string): Promise<AiGoal> => daily(userId, 'goal', AiGoal, (figures) => model.answer(goalRequest(figures), AiGoal)),
  };
}
