import { z } from 'zod';
import { HttpError } from '../../../src/http/errors';
import { answerQuestion, askService, createMemoryBus } from '../../../src/messaging/bus';

const Reply = z.object({ streak_days: z.number().int() });
const Request = z.object({ user_id: z.string() }).partial();
const question = (subject: string) => ({ subject, request: Request, reply: Reply });
const options = { timeoutMs: 100, unavailable: 'The stats are unavailable.', unreadable: 'The stats could not be read.' };

describe("askService: another service's answer or a 503", () => {
  const bus = createMemoryBus();
  afterAll(() => bus.close());

  it('answers the reply, validated', async () => {
    const sub = await bus.reply('stats.good', async () => ({ streak_days: 4, extra: true }));
    await expect(askService(bus, question('stats.good'), { user_id: 'u' }, options)).resolves.toEqual({ streak_days: 4 });
    await sub.stop();
  });

  it('answers 503 with the unavailable detail when nobody answers in time', async () => {
    const sub = await bus.reply('stats.slow', () => new Promise(() => undefined));
    const asked = askService(bus, question('stats.slow'), {}, options);
    await expect(asked).rejects.toBeInstanceOf(HttpError);
    await expect(asked).rejects.toMatchObject({ status: 503, message: options.unavailable });
    await sub.stop();
  });

  it('answers 503 with the unreadable detail for an answer of another shape, the unavailable one unless given', async () => {
    const sub = await bus.reply('stats.odd', async () => ({ streak_days: 'many' }));
    await expect(askService(bus, question('stats.odd'), {}, options)).rejects.toMatchObject({ status: 503, message: options.unreadable });
    await expect(askService(bus, question('stats.odd'), {}, { timeoutMs: 100, unavailable: 'Away.' })).rejects.toMatchObject({ status: 503, message: 'Away.' });
    await sub.stop();
  });
});

describe('answerQuestion: the replier of a question', () => {
  const bus = createMemoryBus();
  afterAll(() => bus.close());

  it('hands the handler the request parsed with the question schema, and its answer back', async () => {
    const Asked = z.object({ user_id: z.string(), days: z.number().default(7) });
    const asked = { subject: 'stats.parsed', request: Asked, reply: Reply };
    const sub = await answerQuestion(bus, asked, async (request) => ({ streak_days: request.days }));
    await expect(askService(bus, asked, { user_id: 'u' }, options)).resolves.toEqual({ streak_days: 7 });
    await sub.stop();
  });

  it('does not answer a malformed request (it throws where the handler would have)', async () => {
    const sub = await answerQuestion(bus, question('stats.strict'), async () => ({ streak_days: 1 }));
    await expect(askService(bus, question('stats.strict'), { user_id: 3 } as never, options)).rejects.toMatchObject({ status: 503 });
    await sub.stop();
  });
});
