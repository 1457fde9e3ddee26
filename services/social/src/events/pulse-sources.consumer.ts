import type { Bus, Subscription } from '@warriors/kit';
import type { recordPulseLine } from '../use-cases/record-pulse-line.use-case';

export const PULSE_DURABLE = 'social_pulse';

/** The events that may make a pulse line; one instance of the shared durable handles each. */
export const PULSE_SOURCE_SUBJECTS = ['badge.earned', 'campaign.completed', 'challenge.created', 'challenge.joined', 'streak.changed', 'rank.changed', 'pulse.coached'] as const;

export function consumePulseSources(deps: { bus: Bus; pulse: { onSourceEvent: ReturnType<typeof recordPulseLine> } }): Promise<Subscription> {
  return deps.bus.consume({ durable: PULSE_DURABLE, subjects: PULSE_SOURCE_SUBJECTS }, (event) => deps.pulse.onSourceEvent(event));
}
