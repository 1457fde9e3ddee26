import { z } from 'zod';
import { HttpError } from '../../../src/http/errors';
import { askService, createMemoryBus } from '../../../src/messaging/bus';

const Reply = z.object({ streak_days: z.number().int() });
const options = { timeoutMs: 100, unavailable: 'The stats are unavailable.', unreadable: 'The stats could not be read.' };

describe("askService: another service's answer or a 503", () => {
  const bus = createMemoryBus();
  afterAll(() => bus.close());

  it('answers the reply, validated', async () => {
    const sub = await bus.reply('stats.good', async () => ({ streak_days: 4, extra: true }));
    await expect(askService(bus, 'stats.good', { user_id: 'u' }, Reply, options)).resolves.toEqual({ streak_days: 4 });
    await sub.stop();
  });

  it('answers 503 with the unavailable detail when nobody answers in time', async () => {
    const sub = await bus.reply('stats.slow', () => new Promise(() => undefined));
    const asked = askService(bus, 'stats.slow', {}, Reply, options);
    await expect(asked).rejects.toBeInstanceOf(HttpError);
    await expect(asked).rejects.toMatchObject({ status: 503, message: options.unavailable });
    await sub.stop();
  });

  it('answers 503 with the unreadable detail for an answer of another shape, the unavailable one unless given', async () => {
    const sub = await bus.reply('stats.odd', async () => ({ streak_days: 'many' }));
    await expect(askService(bus, 'stats.odd', {}, Reply, options)).rejects.toMatchObject({ status: 503, message: options.unreadable });
    await expect(askService(bus, 'stats.odd', {}, Reply, { timeoutMs: 100, unavailable: 'Away.' })).rejects.toMatchObject({ status: 503, message: 'Away.' });
    await sub.stop();
  });
});
