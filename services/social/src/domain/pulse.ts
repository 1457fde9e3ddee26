import { localDate, PULSE_RANK_TOP, STREAK_MILESTONES, type EventOf, type LocalDate, type NudgeType, type PulseEventType } from '@warriors/contracts';

interface PulseDraftOf {
  type: PulseEventType;
  user_id: string;
  /** Set on a challenge line: its user gets one line per challenge a day (`challengeLineDate`), whatever joins and leaves repeat. */
  challenge_id?: number;
}

/**
 * A pulse event before it is stored: who it is about and what it says. The message reads after the
 * line's user, whom the page names on their own ("Maria S." + "earned the 100 Calls badge"). A line
 * about another broker too says it once it knows how they are named (`personName` of the projection's
 * name, when the line is stored): "gave props to Joe R.".
 */
export type PulseDraft = PulseDraftOf & ({ related_user_id: null; message: string } | { related_user_id: string; message: (relatedName: string) => string });
/**
 * The day a challenge line counts against: the UTC date of what it tells. One date for every reader
 * and instance, and the same for a redelivered event (docs/decisions.md, "One pulse line per user and
 * challenge a day").
 */
export const challengeLineDate = (at: Date): LocalDate => localDate(at, 'UTC');

/** The domain events that make pulse lines. */
export type PulseSource = EventOf<'badge.earned' | 'campaign.completed' | 'challenge.created' | 'challenge.joined' | 'streak.changed' | 'rank.changed' | 'pulse.coached'>;

/** A coach line names no plan content: the plan is the broker's own. */
export const COACH_PULSE_MESSAGE = "got today's coaching plan";

export const isStreakMilestone = (days: number): boolean => (STREAK_MILESTONES as readonly number[]).includes(days);

/** What a domain event says in the pulse, or null when it says nothing there (a private challenge, a streak between milestones). */
export function pulseDraftOf(event: PulseSource): PulseDraft | null {
  const achievement = (user_id: string, message: string): PulseDraft => ({ type: 'achievement', user_id, related_user_id: null, message });
  const challenge = (user_id: string, message: string, challenge_id: number): PulseDraft => ({ type: 'challenge', user_id, related_user_id: null, message, challenge_id });
  switch (event.type) {
    case 'badge.earned':
      return achievement(event.data.user_id, `earned the ${event.data.name} badge`);
    case 'campaign.completed':
      return achievement(event.data.user_id, `completed ${event.data.campaign_name}`);
    case 'challenge.created':
      return event.data.is_private ? null : challenge(event.data.owner_id, `started the challenge ${event.data.name}`, event.data.challenge_id);
    case 'challenge.joined':
      // Absent on events published before the flag existed: read as private, so nothing leaks.
      return event.data.is_private === false ? challenge(event.data.user_id, `joined the challenge ${event.data.challenge_name}`, event.data.challenge_id) : null;
    case 'streak.changed': {
      const { streak_days, previous_streak_days } = event.data;
      return streak_days > previous_streak_days && isStreakMilestone(streak_days) ? achievement(event.data.user_id, `is on a ${streak_days}-day streak`) : null;
    }
    case 'rank.changed': {
      const { new_rank, passed_users } = event.data;
      if (new_rank > PULSE_RANK_TOP) return null;
      const passed = passed_users[0];
      return passed
        ? { type: 'achievement', user_id: event.data.user_id, related_user_id: passed.id, message: (name) => `climbed to #${new_rank} today, passing ${name}` }
        : achievement(event.data.user_id, `climbed to #${new_rank} today`);
    }
    case 'pulse.coached':
      return { type: 'coach', user_id: event.data.user_id, related_user_id: null, message: COACH_PULSE_MESSAGE };
  }
}

const NUDGE_PULSE_MESSAGES: Record<NudgeType, (to: string) => string> = {
  props: (to) => `gave props to ${to}`,
  cheer: (to) => `cheered for ${to}`,
  encourage: (to) => `encouraged ${to}`,
  challenge: (to) => `challenged ${to} to a prospecting battle`,
};

/** The pulse line a sent nudge makes. */
export function nudgeDraft(type: NudgeType, fromUserId: string, toUserId: string): PulseDraft {
  return { type: 'encourage', user_id: fromUserId, related_user_id: toUserId, message: NUDGE_PULSE_MESSAGES[type] };
}
