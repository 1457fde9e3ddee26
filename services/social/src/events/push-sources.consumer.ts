import type { Bus, Subscription } from '@warriors/kit';
import type { pushFromEvents } from '../use-cases/push-notices';

export const PUSH_DURABLE = 'social_push';

/** The events that may notify a broker's devices; one instance of the shared durable handles each. */
export const PUSH_SOURCE_SUBJECTS = ['challenge.invited', 'kudos.given', 'rank.changed'] as const;

export function consumePushSources(deps: { bus: Bus; apply: ReturnType<typeof pushFromEvents> }): Promise<Subscription> {
  return deps.bus.consume({ durable: PUSH_DURABLE, subjects: PUSH_SOURCE_SUBJECTS }, (event) => deps.apply(event));
}
