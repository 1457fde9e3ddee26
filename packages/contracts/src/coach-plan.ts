// Plain values without a schema: the coaching panel reads them without loading zod and every schema beside it
// (docs/decisions.md, "The signed-in screens load no schema").
import type { ActivityType } from './activity';
import type { GoalItem } from './campaigns';
import type { AiGoalTargets } from './coaching';
import { DASHBOARD_COUNT_MAX } from './goal-options';

/**
 * Spec point 9: the recommended goal as the 1-day goal's activities. Referrals and past clients split
 * half referral_source_call (rounded up) and half past_client; zero targets are left out.
 */
export function aiGoalItems(targets: AiGoalTargets): GoalItem[] {
  const referrals = Math.ceil(targets.referrals_pastclients / 2);
  const counts: Array<[ActivityType, number]> = [
    ['cold_call', targets.calls],
    ['live_conversation', targets.conversations],
    ['meeting', targets.meetings_set],
    ['email', targets.emails],
    ['referral_source_call', referrals],
    ['past_client', targets.referrals_pastclients - referrals],
    ['thank_you_card', targets.thank_you_cards],
    ['social_media', targets.social_actions],
  ];
  return counts.filter(([, count]) => count > 0).map(([type, count]) => ({ type, count: Math.min(count, DASHBOARD_COUNT_MAX) }));
}

export const COACHING_MESSAGES = {
  notConfigured: 'AI coaching is not configured. Ask your admin to set OPENAI_API_KEY.',
  modelFailed: 'The AI coach could not make a plan right now. Please try again.',
  modelTimeout: 'The AI coach took too long to answer. Please try again.',
  figuresUnavailable: 'Your numbers are unavailable right now. Please try again shortly.',
} as const;
