import type { ServerResponse } from 'node:http';
import type { Logger } from '../logger';

/** What a streamed download says about itself before its first byte. */
export interface StreamHead {
  contentType: string;
  /** Sent as `Content-Disposition: attachment` when given. */
  fileName?: string;
}

/**
 * Sends text produced piece by piece: nothing is sent until the first piece exists, so a failure
 * before it (a refused token, a database away) still answers its status and `{detail}`; after it the
 * status is out, and a failure can only end the connection before its last chunk, which a client sees
 * as an incomplete download. Each piece waits for the socket to take the previous one (backpressure),
 * and a client that goes away stops the producer.
 */
export async function sendStreamed(res: ServerResponse, head: StreamHead, pieces: AsyncIterable<string>, logger: Logger): Promise<void> {
  const iterator = pieces[Symbol.asyncIterator]();
  let next = await iterator.next();
  res.statusCode = 200;
  res.setHeader('Content-Type', head.contentType);
  res.setHeader('Cache-Control', 'no-store');
  if (head.fileName) res.setHeader('Content-Disposition', `attachment; filename="${head.fileName}"`);
  try {
    while (!next.done) {
      if (res.destroyed) {
        await iterator.return?.();
        return;
      }
      if (!res.write(next.value)) await drained(res);
      next = await iterator.next();
    }
    res.end();
  } catch (err) {
    logger.error({ err }, 'a streamed answer failed after it started; the connection is ended');
    res.destroy();
    await iterator.return?.().catch(() => undefined);
  }
}

/** Resolves when the socket can take more, or when the response is gone; leaves no listener behind. */
export function drained(res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * A JSON array written item by item from pages of rows: the first page is read before anything is
 * produced (see sendStreamed).
 */
export async function* jsonArrayPieces<T>(pages: AsyncIterable<readonly T[]>): AsyncGenerator<string> {
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    const items = page.map((item) => JSON.stringify(item)).join(',');
    yield first ? `[${items}` : `,${items}`;
    first = false;
  }
  yield first ? '[]' : ']';
}

/**
 * Reads rows page by page on a key: each page is one short statement starting after the previous
 * page's last row, so no statement holds a transaction (or PGlite's one connection) while the client
 * reads. Stops at the first page shorter than pageSize.
 */
export async function* keysetPages<Row>(readPage: (after: Row | null) => Promise<Row[]>, pageSize: number): AsyncGenerator<Row[]> {
  let after: Row | null = null;
  for (;;) {
    const page = await readPage(after);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!;
  }
}
