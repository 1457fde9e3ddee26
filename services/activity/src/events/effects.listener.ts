import { ActivityEffects, effectsSubject } from '@warriors/contracts';
import type { Bus } from '@warriors/kit';

export type EffectSource = ActivityEffects['source'];

export interface EffectsListener {
  /** Resolves with the answers (in `sources` order) once every source answered or `waitMs` passed. */
  collect(waitMs: number): Promise<ActivityEffects[]>;
  stop(): Promise<void>;
}

/**
 * Listens for the effects consumers publish about one activity. It must be open before the
 * activity commits: a fast consumer can answer before the committing request gets to listen.
 */
export async function listenForEffects(bus: Bus, activityId: string, sources: readonly EffectSource[]): Promise<EffectsListener> {
  const answers = new Map<EffectSource, ActivityEffects>();
  const complete = () => sources.every((source) => answers.has(source));
  let onComplete: (() => void) | undefined;
  const subscription = await bus.subscribeTransient(effectsSubject(activityId), (payload) => {
    const parsed = ActivityEffects.safeParse(payload);
    if (!parsed.success) return;
    const effects = parsed.data;
    // A redelivered activity.logged makes a consumer answer twice; the first answer counts.
    if (effects.activity_id !== activityId || !sources.includes(effects.source) || answers.has(effects.source)) return;
    answers.set(effects.source, effects);
    if (complete()) onComplete?.();
  });
  const gathered = () => sources.flatMap((source) => answers.get(source) ?? []);
  return {
    async collect(waitMs) {
      if (!complete()) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          onComplete = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return gathered();
    },
    stop: () => subscription.stop(),
  };
}
