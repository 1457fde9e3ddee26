import { EFFECTS_SUBJECT, effectsIn, type ActivityEffects } from '@warriors/contracts';
import type { Bus, Subscription } from '@warriors/kit';
import type { EffectsListener } from '../use-cases/log-effects';

/** A service that answers logs with their effects (answersLogEffects in services.registry.json). */
export type EffectSource = string;

interface Gathering {
  answers: Map<EffectSource, ActivityEffects>;
  onComplete?: () => void;
}

/**
 * One subscription to the effects subject for the life of the instance, dispatching to the logs it
 * is answering. A subscription per log cost a subscribe, a flush round trip and an unsubscribe on
 * every POST; with several instances each also sees the others' answers, and drops them with one
 * map lookup each.
 */
export function createEffectsListener(bus: Bus, sources: readonly EffectSource[]): EffectsListener {
  const pending = new Map<string, Gathering>();
  const complete = (g: Gathering) => sources.every((source) => g.answers.has(source));
  let subscription: Subscription | undefined;

  const onAnswer = (effects: ActivityEffects) => {
    const gathering = pending.get(effects.activity_id);
    // A redelivered activity.logged makes a consumer answer twice; the first answer counts.
    if (!gathering || !sources.includes(effects.source) || gathering.answers.has(effects.source)) return;
    gathering.answers.set(effects.source, effects);
    if (complete(gathering)) gathering.onComplete?.();
  };

  // Most answers are for logs other instances are waiting on: only this instance's are checked whole.
  const onBatch = (payload: unknown) => effectsIn(payload, (activityId) => pending.has(activityId)).forEach(onAnswer);

  return {
    expect(activityId) {
      const gathering: Gathering = { answers: new Map() };
      pending.set(activityId, gathering);
      return {
        async collect(waitMs) {
          if (!complete(gathering)) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, waitMs);
              gathering.onComplete = () => {
                clearTimeout(timer);
                resolve();
              };
            });
          }
          return sources.flatMap((source) => gathering.answers.get(source) ?? []);
        },
        release() {
          pending.delete(activityId);
        },
      };
    },
    async start() {
      subscription = await bus.subscribeTransient(EFFECTS_SUBJECT, onBatch);
    },
    async stop() {
      await subscription?.stop();
      subscription = undefined;
    },
  };
}
