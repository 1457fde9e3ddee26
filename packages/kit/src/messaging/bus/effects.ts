import { EFFECTS_SUBJECT, type ActivityEffects, type EffectsBatch } from '@warriors/contracts';
import type { Bus } from './bus.port';

/**
 * Most passed users, badges and milestones in one effects message, with one per entry: a batch of
 * logs that each passed thousands of warriors stays well under the broker's payload limit (NATS's
 * default is 1 MB; a passed user is under 100 bytes), while an ordinary batch is one message.
 */
export const EFFECTS_MESSAGE_WEIGHT = 4000;

const weightOf = (effects: ActivityEffects) => 1 + (effects.rank_change?.passed_users.length ?? 0) + effects.badges.length + effects.milestones.length;

/** A consumer's effects of one applied batch on EFFECTS_SUBJECT: one message, or a few for a heavy batch. */
export async function publishEffects(bus: Bus, effects: readonly ActivityEffects[]): Promise<void> {
  let message: EffectsBatch = { effects: [] };
  let weight = 0;
  for (const entry of effects) {
    const entryWeight = weightOf(entry);
    if (message.effects.length > 0 && weight + entryWeight > EFFECTS_MESSAGE_WEIGHT) {
      await bus.publishTransient(EFFECTS_SUBJECT, message);
      message = { effects: [] };
      weight = 0;
    }
    message.effects.push(entry);
    weight += entryWeight;
  }
  if (message.effects.length > 0) await bus.publishTransient(EFFECTS_SUBJECT, message);
}
