import type { ActivityType, FunnelMetrics } from '@warriors/contracts';
import type { FunnelWindow } from './windows';

/**
 * The outreach that can start a conversation: calls, emails, doorknocks, mail, social posts and
 * newsletters. Meetings and conversations are outcomes; referral and past-client calls, thank-you
 * cards and the challenge-only types are follow-up, not outreach, so they stay out.
 */
export const OUTREACH_TYPES = ['cold_call', 'email', 'doorknock', 'direct_mail', 'social_media', 'newsletter_sent'] as const satisfies readonly ActivityType[];

/** A ratio in percent rounded to one decimal; 0 when there is nothing to divide by. */
export function percent(numerator: number, denominator: number): number {
  if (denominator === 0) return 0;
  return Math.round((numerator * 1000) / denominator) / 10;
}

/** `counts` holds units logged per type in the window (bulk entries count their quantity). */
export function funnelMetrics(window: FunnelWindow, counts: Partial<Record<ActivityType, number>>): FunnelMetrics {
  const count = (type: ActivityType) => counts[type] ?? 0;
  const coldCalls = count('cold_call');
  const conversations = count('live_conversation');
  const meetings = count('meeting');
  const outreach = OUTREACH_TYPES.reduce((sum, type) => sum + count(type), 0);
  return {
    window,
    ratios: {
      call_to_convo: percent(conversations, coldCalls),
      convo_to_meeting: percent(meetings, conversations),
      outreach_to_convo: percent(conversations, outreach),
      overall_conversion: percent(meetings, outreach),
    },
    total_outreach: outreach,
    live_conversations: conversations,
    meetings,
    cold_calls: coldCalls,
  };
}
