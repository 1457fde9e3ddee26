import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AiGoal, CoachingPlan, COACHING_MESSAGES, DailyAccountability, type CoachingFigures, type DomainEvent } from '@warriors/contracts';
import type { Kysely } from 'kysely';
import { HttpError, type Bus, type Clock, type Outbox } from '@warriors/kit';
import type { z } from 'zod';
import { coachPlanMade } from '../domain/coaching-events';
import { goalRequest, planRequest } from '../domain/prompts';
import { findAnswer, saveAnswer } from '../store/answers.store';
import { claimAnswer, releaseClaim, type AnswerClaim } from '../store/claims.store';
import type { AnswerKind, CoachingDatabase } from '../store/schema';
import { projectedUsers } from '../store/users.store';
import type { CoachModel } from './coach-model';
import { gatherFigures } from './figures';
import type { CoachingRequestLimit } from './request-limit';
import { createSingleFlight } from './single-flight';

/** How often a request waiting on another instance's model call looks for its answer. */
const CLAIM_POLL_MS = 100;
/** A claimant stores its answer and releases its claim within this much after the model's timeout. */
const CLAIM_MARGIN_MS = 5000;

export interface CoachDeps {
  db: Kysely<CoachingDatabase>;
  outbox: Outbox;
  bus: Bus;
  clock: Clock;
  model: CoachModel;
  /** How long a model call may take (COACHING_MODEL_TIMEOUT_MS): another request waits as long for it. */
  modelTimeoutMs: number;
  requestLimit: CoachingRequestLimit;
}

export type Coach = ReturnType<typeof createCoach>;

export function createCoach({ db, outbox, bus, clock, model, modelTimeoutMs, requestLimit }: CoachDeps) {
  const singleFlight = createSingleFlight();
  const claimMs = modelTimeoutMs + CLAIM_MARGIN_MS;

  /**
   * The day's answer of this kind: the one kept for the user's local day, else the model's, kept once
   * it is valid whole. A failed answer is never kept, so the next request asks the model again.
   * Concurrent requests for one answer make one model call: in this process they share one promise,
   * and across instances the claim row lets one of them ask while the others wait for what it keeps.
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
    requestLimit.take(userId);
    const figures = await gatherFigures(bus, clock, userId);
    const kept = await keptAnswer(userId, figures, kind, shape);
    if (kept !== undefined) return kept;
    // The day is the one the figures were asked on, even if the model answered after midnight.
    return singleFlight(`${userId} ${figures.local_date} ${kind}`, () => answerOnce(userId, figures, kind, shape, ask, eventsOf));
  }

  async function keptAnswer<S extends z.ZodTypeAny>(userId: string, figures: CoachingFigures, kind: AnswerKind, shape: S): Promise<z.infer<S> | undefined> {
    const kept = shape.safeParse(await findAnswer(db, userId, figures.local_date, kind));
    return kept.success ? kept.data : undefined;
  }

  /**
   * The answer another request keeps while this one waits, or the model's if this request claims the
   * call: first when no one holds it, or when its claimant failed (kept nothing) or died (let it expire).
   */
  async function answerOnce<S extends z.ZodTypeAny>(
    userId: string,
    figures: CoachingFigures,
    kind: AnswerKind,
    shape: S,
    ask: (figures: CoachingFigures) => Promise<z.infer<S>>,
    eventsOf: (figures: CoachingFigures) => DomainEvent[],
  ): Promise<z.infer<S>> {
    const claim: AnswerClaim = { userId, date: figures.local_date, kind, claimant: randomUUID() };
    for (let waitedMs = 0; ; waitedMs += CLAIM_POLL_MS) {
      const now = clock.now();
      // No connection is held while the model answers (embedded mode has one, the pool a few): the
      // claim is a row, and a waiter looks again after a pause.
      if (await claimAnswer(db, claim, now, new Date(now.getTime() + claimMs))) {
        try {
          // Its claimant may have kept the answer and let go between this request's look and its claim.
          return (await keptAnswer(userId, figures, kind, shape)) ?? (await askAndKeep(userId, figures, kind, ask, eventsOf));
        } finally {
          await releaseClaim(db, claim);
        }
      }
      // Past the claimant's own timeout: this request answers as a model that took too long would.
      if (waitedMs >= claimMs) throw new HttpError(502, COACHING_MESSAGES.modelTimeout);
      await sleep(CLAIM_POLL_MS);
      const kept = await keptAnswer(userId, figures, kind, shape);
      if (kept !== undefined) return kept;
    }
  }

  async function askAndKeep<T>(
    userId: string,
    figures: CoachingFigures,
    kind: AnswerKind,
    ask: (figures: CoachingFigures) => Promise<T>,
    eventsOf: (figures: CoachingFigures) => DomainEvent[],
  ): Promise<T> {
    const answer = await ask(figures);
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
        (figures) => [coachPlanMade(userId, figures.local_date, clock.now())],
      ),
    /** POST /api/ai/goal/today: today's recommended goal, sized from the broker's own rates. */
    goalToday: (userId: string): Promise<AiGoal> => daily(userId, 'goal', AiGoal, (figures) => model.answer(goalRequest(figures), AiGoal)),
  };
}
