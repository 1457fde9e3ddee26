import type { ActivityEffects, LogResult } from '@warriors/contracts';

export type Effects = Pick<LogResult, 'badges' | 'milestones' | 'rank_change' | 'campaign_completed' | 'held_message' | 'streak_days'>;

export const NO_EFFECTS: Effects = { badges: [], milestones: [], rank_change: null, campaign_completed: null, held_message: null, streak_days: null };

/** Lists add up across sources; a single-valued effect is taken from the first source that has one. */
export function mergeEffects(answers: readonly ActivityEffects[]): Effects {
  return answers.reduce<Effects>(
    (merged, answer) => ({
      badges: [...merged.badges, ...answer.badges],
      milestones: [...merged.milestones, ...answer.milestones],
      rank_change: merged.rank_change ?? answer.rank_change,
      campaign_completed: merged.campaign_completed ?? answer.campaign_completed,
      held_message: merged.held_message ?? answer.held_message ?? null,
      streak_days: merged.streak_days ?? answer.streak_days ?? null,
    }),
    NO_EFFECTS,
  );
}
