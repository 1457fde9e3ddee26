import { z } from 'zod';
import { ActivityType } from './activity';
import { BadgeType } from './gamification';

/**
 * The weekly recap (issue 24 point 3): the broker's last complete local week, Monday to Sunday in
 * their timezone (the weeks weekly badges reset on), against the week before it.
 */

const LocalDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Expected a date as YYYY-MM-DD' });

/** A week of local dates, Monday to Sunday, both included. */
export const RecapWeek = z.object({ start: LocalDateText, end: LocalDateText });
export type RecapWeek = z.infer<typeof RecapWeek>;

/** One figure of the recapped week, the week before's, and the change from that one to this one. */
export const RecapFigure = z.object({ value: z.number().int(), previous: z.number().int(), change: z.number().int() });
export type RecapFigure = z.infer<typeof RecapFigure>;

export const RecapDay = z.object({ date: LocalDateText, points: z.number().int() });
export type RecapDay = z.infer<typeof RecapDay>;

export const WeeklyRecap = z.object({
  timezone: z.string(),
  week: RecapWeek,
  previous_week: RecapWeek,
  /** Points on the boards (held entries left out until confirmed; goal bonuses included). */
  points: RecapFigure,
  /** Units logged, every type together (a bulk entry of 20 calls counts 20). */
  logs: RecapFigure,
  /** Each type logged in either week, in the catalog's order. */
  logs_by_type: z.array(RecapFigure.extend({ activity_type: ActivityType })),
  /** The day with the most points of each week (the earliest of equals); null for a week without points. */
  best_day: z.object({ value: RecapDay.nullable(), previous: RecapDay.nullable() }),
  /** Goals completed; `names` are the recapped week's, oldest first. */
  goals_completed: RecapFigure.extend({ names: z.array(z.string()) }),
  /** Badges earned (a badge earned in two cycles counts twice); `badges` are the recapped week's, oldest first. */
  badges_earned: RecapFigure.extend({ badges: z.array(z.object({ badge_type: BadgeType, name: z.string() })) }),
  /**
   * The rank on each week's board (the 7 Days board as it stood at the end of its Sunday), null when
   * not on it; `change` is the places climbed (negative: dropped), null unless ranked both weeks.
   */
  rank: z.object({ value: z.number().int().nullable(), previous: z.number().int().nullable(), change: z.number().int().nullable() }),
});
export type WeeklyRecap = z.infer<typeof WeeklyRecap>;

/** The bell's line for the week's recap: one per user and week, made by the first bell read of the week. */
export const RecapNotice = z.object({
  /** The recapped week's Monday. */
  id: z.string(),
  kind: z.literal('weekly_recap'),
  week: RecapWeek,
  created_at: z.string(),
  is_read: z.boolean(),
});
export type RecapNotice = z.infer<typeof RecapNotice>;
export const RecapNoticeList = z.array(RecapNotice);

export const RecapNoticeParams = z.object({ id: LocalDateText });

export const RECAP_MESSAGES = {
  noticeNotFound: 'Recap notice not found',
  goalsUnavailable: 'Goals are unavailable for a moment. Please try again.',
} as const;

/** campaigns answers the goals a user completed from `from` (included) to `to` (excluded), ISO instants. */
export const CompletedGoalsRequest = z.object({ user_id: z.string(), from: z.string(), to: z.string() });
export const CompletedGoalsReply = z.array(z.object({ name: z.string(), completed_at: z.string() }));
export type CompletedGoalsReply = z.infer<typeof CompletedGoalsReply>;
