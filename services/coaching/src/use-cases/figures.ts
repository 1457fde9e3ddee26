import {
  BUS_QUESTIONS,
  COACHING_MESSAGES,
  dataQualityOf,
  localDate,
  usableTimezone,
  type ActivityCountsByWindow,
  type BusQuestion,
  type CoachingFigures,
} from '@warriors/contracts';
import { askService, unauthorized, type Bus, type Clock } from '@warriors/kit';
import type { z } from 'zod';

/** How long the coach waits for each service's answer before it answers 503 (the model then is not asked). */
export const FIGURES_REQUEST_TIMEOUT_MS = 2000;

const ask = <Request extends z.ZodTypeAny, Reply extends z.ZodTypeAny>(bus: Bus, question: BusQuestion<Request, Reply>, payload: z.input<Request>): Promise<z.infer<Reply>> =>
  askService(bus, question, payload, { timeoutMs: FIGURES_REQUEST_TIMEOUT_MS, unavailable: COACHING_MESSAGES.figuresUnavailable });

/** Units logged in the last 30 local days: what data quality stands on. */
export const unitsLast30Days = (counts: ActivityCountsByWindow): number => Object.values(counts['30d']).reduce((sum, count) => sum + (count ?? 0), 0);

/**
 * The broker's own figures, asked of the services that own them (their local days in their own
 * timezone, which auth answers first), in parallel. Any service away is a 503 for the whole plan.
 */
export async function gatherFigures(bus: Bus, clock: Clock, userId: string): Promise<CoachingFigures> {
  const fields = await ask(bus, BUS_QUESTIONS.profileFields, { user_id: userId });
  // A deleted account's token may outlive it: it has nothing left to coach.
  if (!fields || fields.user_id !== userId) throw unauthorized();
  const timezone = usableTimezone(fields.timezone);
  const question = { user_id: userId, timezone };
  const [counts, funnel, stats, standing, goals] = await Promise.all([
    ask(bus, BUS_QUESTIONS.activityCounts, question),
    ask(bus, BUS_QUESTIONS.funnel, { ...question, window: '30d' }),
    ask(bus, BUS_QUESTIONS.publicStats, question),
    ask(bus, BUS_QUESTIONS.standing, { ...question, window: 'today' }),
    ask(bus, BUS_QUESTIONS.activeGoals, { user_id: userId }),
  ]);
  return {
    timezone,
    local_date: localDate(clock.now(), timezone),
    activity_counts: counts,
    funnel_30d: funnel,
    streak_days: stats.streak_days,
    standing_today: standing,
    today_points: stats.today_points,
    active_goals: goals,
    data_quality: dataQualityOf(unitsLast30Days(counts)),
  };
}
