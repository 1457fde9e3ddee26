import { EFFECTS_SUBJECT, effectsIn, type ActivityEffects } from '@warriors/contracts';
import { createMemoryBus, EFFECTS_MESSAGE_WEIGHT, publishEffects } from '../../../src/messaging/bus';

const effects = (activityId: string, passed: number): ActivityEffects => ({
  activity_id: activityId,
  source: 'gamification',
  badges: [],
  milestones: [],
  rank_change: passed === 0 ? null : { new_rank: 1, positions_gained: passed, passed_users: Array.from({ length: passed }, (_, i) => ({ id: `u-${i}`, username: `w${i}` })) },
  campaign_completed: null,
});

async function published(entries: ActivityEffects[]): Promise<unknown[]> {
  const bus = createMemoryBus();
  const messages: unknown[] = [];
  await bus.subscribeTransient(EFFECTS_SUBJECT, (payload) => messages.push(payload));
  await publishEffects(bus, entries);
  // The in-process bus hands transient messages over on a later turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  await bus.close();
  return messages;
}

it('sends an ordinary batch as one message', async () => {
  const entries = Array.from({ length: 64 }, (_, i) => effects(`a-${i}`, 3));
  const messages = await published(entries);
  expect(messages).toEqual([{ effects: entries }]);
});

it('splits a batch whose rank changes list thousands of passed users, and every entry arrives once', async () => {
  const entries = Array.from({ length: 10 }, (_, i) => effects(`a-${i}`, EFFECTS_MESSAGE_WEIGHT / 2));
  const messages = await published(entries);
  expect(messages.length).toBeGreaterThan(1);
  for (const message of messages) {
    const weight = (message as { effects: ActivityEffects[] }).effects.reduce((sum, e) => sum + 1 + (e.rank_change?.passed_users.length ?? 0), 0);
    expect(weight).toBeLessThanOrEqual(EFFECTS_MESSAGE_WEIGHT);
  }
  for (const entry of entries) expect(messages.flatMap((m) => effectsIn(m, (id) => id === entry.activity_id))).toEqual([entry]);
});

it('sends an entry heavier than a message alone, and nothing for an empty batch', async () => {
  const heavy = effects('heavy', EFFECTS_MESSAGE_WEIGHT + 10);
  expect(await published([effects('light', 0), heavy])).toEqual([{ effects: [effects('light', 0)] }, { effects: [heavy] }]);
  expect(await published([])).toEqual([]);
});
