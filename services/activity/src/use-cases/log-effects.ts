import type { ActivityEffects } from '@warriors/contracts';

export interface PendingEffects {
  /** Resolves with the answers (in `sources` order) once every source answered or `waitMs` passed. */
  collect(waitMs: number): Promise<ActivityEffects[]>;
  /** Stops gathering for this activity; later answers are dropped. */
  release(): void;
}

/** What a log needs to hear the consumers' answers: the port events/effects.listener implements. */
export interface EffectsListener {
  /**
   * Starts gathering one activity's effects. Call it before the activity commits: a fast consumer
   * can answer before the committing request would get to listen.
   */
  expect(activityId: string): PendingEffects;
  start(): Promise<void>;
  stop(): Promise<void>;
}
