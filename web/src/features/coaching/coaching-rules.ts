import { COACHING_MESSAGES, type AiGoalTargets, type DataQuality } from '@warriors/contracts';
import { hasStatus, type ApiError } from '../../lib/api-error';

export const COACHING_TEXTS = {
  notConfiguredTitle: 'AI Coaching Not Yet Configured',
  notConfiguredHelp: 'Your AI coach needs to be switched on. Contact your admin to enable AI coaching.',
  loadFailed: 'Unable to load your coaching plan',
  fetchFailedLog: 'Failed to fetch daily accountability',
  goalFetchFailedLog: 'Failed to fetch recommended goal',
  goalActivated: 'Goal activated! Start logging your activities.',
  activateFailed: 'Failed to activate goal. Please try again.',
  activateError: 'Error activating goal. Please try again.',
} as const;

/**
 * Spec point 8: a 503 or a message saying 'not configured' means no one has enabled the coach. The one 503
 * our coach sends for a passing fault (the broker's figures unreadable) keeps the retry, since retrying helps.
 */
export function isNotConfigured(error: unknown): boolean {
  const message = (error as Partial<ApiError> | undefined)?.message ?? '';
  if (/not configured/i.test(message)) return true;
  return hasStatus(error, 503) && message !== COACHING_MESSAGES.figuresUnavailable;
}

/** What the plan stands on, said to the broker; nothing when their own numbers are enough. */
export function dataQualityNote(quality: DataQuality): string | null {
  if (quality === 'NO_DATA') return 'No activity yet: this plan is a starting point. Log activities to make it yours.';
  if (quality === 'LOW_DATA') return 'Based on limited data: log more activities for a sharper plan.';
  return null;
}

/** The quick checklist is a starter kit, shown only while the broker has too little data (spec point 2). */
export const showsQuickChecklist = (quality: DataQuality): boolean => quality !== 'GOOD';

const TARGET_LABELS: Record<keyof AiGoalTargets, string> = {
  points_target: 'Points',
  calls: 'Calls',
  conversations: 'Conversations',
  meetings_set: 'Meetings set',
  emails: 'Emails',
  referrals_pastclients: 'Referrals & past clients',
  thank_you_cards: 'Thank-you cards',
  social_actions: 'Social actions',
};

/** The goal's targets worth showing: the non-zero ones, with their names, in the contract's order. */
export function targetLines(targets: AiGoalTargets): Array<{ label: string; count: number }> {
  return (Object.keys(TARGET_LABELS) as Array<keyof AiGoalTargets>).filter((key) => targets[key] > 0).map((key) => ({ label: TARGET_LABELS[key], count: targets[key] }));
}

/** A refused answer and a request that never got one (the network, or a throw) read differently (spec point 8). */
export function activationFailureText(error: unknown): string {
  const status = (error as Partial<ApiError> | undefined)?.status;
  return typeof status === 'number' ? COACHING_TEXTS.activateFailed : COACHING_TEXTS.activateError;
}
