import { consumeInBatches, ONE_BATCH_AT_A_TIME, type Bus, type Subscription } from '@warriors/kit';
import type { recordPulseLines } from '../use-cases/record-pulse-line.use-case';

export const PULSE_DURABLE = 'social_pulse';

/** The events that may make a pulse line; one instance of the shared durable handles each. */
export const PULSE_SOURCE_SUBJECTS = ['badge.earned', 'campaign.completed', 'challenge.created', 'challenge.joined', 'streak.changed', 'rank.changed', 'pulse.coached'] as const;

/**
 * In batches: one climb or streak per log reaches this durable, and most make no line, so a batch
 * costs one pull and one handler call instead of one per event (a failing batch is applied again
 * one event at a time by the bus).
 */
export function consumePulseSources(deps: { bus: Bus; pulse: { onSourceEvents: ReturnType<typeof recordPulseLines> } }): Promise<Subscription> {
  const options = { durable: PULSE_DURABLE, subjects: PULSE_SOURCE_SUBJECTS, ...ONE_BATCH_AT_A_TIME };
  return consumeInBatches(deps.bus, options, (events) => deps.pulse.onSourceEvents(events));
}
