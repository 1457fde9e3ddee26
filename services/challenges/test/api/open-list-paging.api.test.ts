import { NEXT_CURSOR_HEADER, OPEN_CHALLENGES_PAGE_MAX } from '@warriors/contracts';
import { startChallenges, type TestChallenges, type TestUser } from '../support/harness';

jest.setTimeout(120_000);

const NOW = '2026-03-02T15:00:00.000Z';
const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.parse(NOW) + offsetMs).toISOString();

/** The file's own database: the Open list holds only the challenges made here. */
let c: TestChallenges;
let reader: TestUser;
const openIds: number[] = [];
const hiddenIds: number[] = [];

/** A page of the Open list with the next page's cursor, which the harness's call leaves out. */
async function page(query: string): Promise<{ status: number; ids: number[]; next: string | null; body: any }> {
  const response = await fetch(`${c.url}/api/challenges/open?window=active${query}`, { headers: { authorization: `Bearer ${reader.token}` } });
  const body = await response.json();
  return { status: response.status, ids: Array.isArray(body) ? body.map((x: { id: number }) => x.id) : [], next: response.headers.get(NEXT_CURSOR_HEADER), body };
}

/** Every page from the first (or from `after`), following the cursors; fails past 50 pages so a cursor that loops cannot hang. */
async function allPages(limit: string, after: string | null = null): Promise<number[][]> {
  const pages: number[][] = [];
  for (let cursor = after; ;) {
    const answer = await page(cursor === null ? limit : `${limit}&after=${encodeURIComponent(cursor)}`);
    expect(answer.status).toBe(200);
    pages.push(answer.ids);
    if (answer.next === null) return pages;
    expect(pages.length).toBeLessThan(50);
    cursor = answer.next;
  }
}

beforeAll(async () => {
  c = await startChallenges(NOW);
  reader = await c.register();
  // 23 hosts of 10 challenges each (the create limit), 9 public and 1 private, ending at only three
  // times: the list's order (end, then id) has long runs of ties for the cursor to get through.
  for (let host = 0; host < 23; host++) {
    const user = await c.register();
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.call('POST', '/api/challenges', { token: user.token, body: { name: `Soon ${host}-${i}`, start_at: at(HOUR), end_at: at((2 + (i % 3)) * HOUR), is_private: i === 9 } }),
      ),
    );
    for (const answer of created) {
      expect(answer.status).toBe(201);
      (answer.body.is_private ? hiddenIds : openIds).push(answer.body.id);
    }
  }
});
afterAll(() => c?.close());

describe('the Open list pages', () => {
  it('reaches every one of over 200 open challenges exactly once, page by page, in end-then-id order', async () => {
    expect(openIds.length).toBeGreaterThan(OPEN_CHALLENGES_PAGE_MAX);
    const inOrder = await c.db.withSchema('challenges').selectFrom('challenges').select('id').where('is_private', '=', false).orderBy('end_at').orderBy('id').execute();
    for (const limit of ['', '&limit=50', '&limit=7']) {
      const pages = await allPages(limit);
      const seen = pages.flat();
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort((a, b) => a - b)).toEqual([...openIds].sort((a, b) => a - b));
      expect(seen).toEqual(inOrder.map((row) => row.id));
      expect(seen.some((id) => hiddenIds.includes(id))).toBe(false);
      if (limit === '&limit=50') expect(pages.map((p) => p.length)).toEqual([50, 50, 50, 50, 7]);
    }
  });

  it('answers the first 200 without a limit, with the cursor to the rest', async () => {
    const first = await page('');
    expect(first.ids).toHaveLength(OPEN_CHALLENGES_PAGE_MAX);
    expect(first.next).not.toBeNull();
    const rest = await page(`&after=${encodeURIComponent(first.next!)}`);
    expect(rest.ids).toHaveLength(openIds.length - OPEN_CHALLENGES_PAGE_MAX);
    expect(rest.next).toBeNull();
  });

  it('drops a challenge from the next pages once it has ended', async () => {
    const first = await page('&limit=5');
    expect(first.next).not.toBeNull();
    c.clock.set(at(2 * HOUR));
    const rest = (await allPages('&limit=100', first.next)).flat();
    expect(rest.length).toBeGreaterThan(0);
    // Those ending at NOW + 2 h have ended: none comes, and none of the first page comes back.
    const ended = new Set(
      (
        await c.db
          .withSchema('challenges')
          .selectFrom('challenges')
          .select('id')
          .where('end_at', '<=', new Date(at(2 * HOUR)))
          .execute()
      ).map((r) => r.id),
    );
    expect(rest.filter((id) => ended.has(id) || first.ids.includes(id))).toEqual([]);
    c.clock.set(NOW);
  });

  it.each([
    ['&after=not-a-cursor', 'after'],
    ['&after=', 'after'],
    [`&after=${Buffer.from('1767225600000.0').toString('base64url')}`, 'after'],
    ['&limit=0', 'limit'],
    [`&limit=${OPEN_CHALLENGES_PAGE_MAX + 1}`, 'limit'],
    ['&limit=ten', 'limit'],
  ])('refuses %s with 422 on the query', async (query, field) => {
    const answer = await page(query);
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(['query', field]);
  });
});
