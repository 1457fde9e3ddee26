import {
  ActiveGoalsReply,
  ActivityCountsByWindow,
  COACHING_MESSAGES,
  COACHING_REQUESTS,
  dataQualityOf,
  FunnelReply,
  localDate,
  ProfileFieldsReply,
  PublicStatsReply,
  REQUESTS,
  StandingReply,
  usableTimezone,
  type CoachingFigures,
} from '@warriors/contracts';
import { askService, unauthorized, type Bus, type Clock } from '@warriors/kit';
import type { z } from 'zod';

/** How long the coach waits for each service's answer before it answers 503 (the model then is not asked). */
export const FIGURES_REQUEST_TIMEOUT_MS = 2000;

const ask = <S extends z.ZodTypeAny>(bus: Bus, subject: string, payload: unknown, reply: S): Promise<z.infer<S>> =>
  askService(bus, subject, payload, reply, { timeoutMs: FIGURES_REQUEST_TIMEOUT_MS, unavailable: COACHING_MESSAGES.figuresUnavailable });

/** Units logged in the last 30 local days: what data quality stands on. */
export const unitsLast30Days = (counts: ActivityCountsByWindow): number => Object.values(counts['30d']).reduce((sum, count) => sum + (count ?? 0), 0);

/**
 * The broker's own figures, asked of the services that own them (their local days in their own
 * timezone, which auth answers first), in parallel. Any service away is a 503 for the whole plan.
 */
export async function gatherFigures(bus: Bus, clock: Clock, userId: string): Promise<CoachingFigures> {
  const fields = await ask(bus, REQUESTS.profileFields, { user_id: userId }, ProfileFieldsReply);
  // A deleted account's token may outlive it: it has nothing left to coach.
  if (!fields || fields.user_id !== userId) throw unauthorized();
  const timezone = usableTimezone(fields.timezone);
  const question = { user_id: userId, timezone };
  const [counts, funnel, stats, standing, goals] = await Promise.all([
    ask(bus, REQUESTS.activityCounts, question, ActivityCountsByWindow),
    ask(bus, COACHING_REQUESTS.funnel, { ...question, window: '30d' }, FunnelReply),
    ask(bus, REQUESTS.publicStats, question, PublicStatsReply),
    ask(bus, COACHING_REQUESTS.standing, { ...question, window: 'today' }, StandingReply),
    ask(bus, COACHING_REQUESTS.activeGoals, { user_id: userId }, ActiveGoalsReply),
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
