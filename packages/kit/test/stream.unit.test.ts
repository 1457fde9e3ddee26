import { Router } from 'express';
import { createApp, createLogger, createMetrics, DependencyUnavailableError, jsonArrayPieces, keysetPages, listen, sendStreamed, type RunningServer } from '../src';

const logger = createLogger('kit-test', 'silent');

/** Pages of numbers 1..total read `size` at a time, each read counted. */
function numbers(total: number, size: number, reads: number[]) {
  return keysetPages<number>(async (after) => {
    reads.push(after ?? 0);
    const from = (after ?? 0) + 1;
    return Array.from({ length: Math.max(0, Math.min(size, total - from + 1)) }, (_, i) => from + i);
  }, size);
}

describe('streamed answers', () => {
  let server: RunningServer;
  let reads: number[] = [];

  beforeAll(async () => {
    const router = Router();
    router.get('/numbers/:total', async (req, res) => {
      await sendStreamed(res, { contentType: 'application/json', fileName: 'numbers.json' }, jsonArrayPieces(numbers(Number(req.params.total), 3, reads)), logger);
    });
    router.get('/fails-first', async (_req, res) => {
      const failing: AsyncIterable<string> = {
        [Symbol.asyncIterator]: () => ({
          next: async () => {
            throw new DependencyUnavailableError('database');
          },
        }),
      };
      await sendStreamed(res, { contentType: 'application/json' }, failing, logger);
    });
    router.get('/fails-later', async (_req, res) => {
      async function* pieces(): AsyncGenerator<string> {
        yield '[1';
        // The next page's read fails a moment later, as a statement on a dropped connection does.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new DependencyUnavailableError('database');
      }
      await sendStreamed(res, { contentType: 'application/json' }, pieces(), logger);
    });
    server = await listen(createApp({ logger, metrics: createMetrics().forService('kit-test'), routes: [router] }), 0);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    reads = [];
  });

  it('writes a JSON array page by page, each page read after the previous one’s last key', async () => {
    const res = await fetch(`${server.url}/numbers/7`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="numbers.json"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(reads).toEqual([0, 3, 6]);
  });

  it('writes [] for no rows, and reads once more only when the last page was full', async () => {
    expect(await (await fetch(`${server.url}/numbers/0`)).json()).toEqual([]);
    expect(await (await fetch(`${server.url}/numbers/6`)).json()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(reads).toEqual([0, 0, 3, 6]);
  });

  it('answers a failure before the first piece with its status and {detail}', async () => {
    const res = await fetch(`${server.url}/fails-first`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: 'The database is unavailable right now. Please try again shortly.' });
  });

  it('ends the connection on a failure after the first piece, so the client sees an incomplete answer', async () => {
    const res = await fetch(`${server.url}/fails-later`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });
});
