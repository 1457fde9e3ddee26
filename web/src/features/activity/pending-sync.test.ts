import { memoryStore, type PendingLog } from '../../lib/offline-queue';
import { backoffMs, createPendingSync, isConnectionFailure, outcomeOf, pendingLogOf } from './pending-sync';

const tap = (key: string, loggedAt: string, user = 'u1') => pendingLogOf({ key, user_id: user, logged_at: loggedAt, log: { kind: 'single', activity_type: 'cold_call' } });

/** The queue over a map, sending through `answers`: one answer (or thrown ApiError) per call, in order. */
function setUp(answers: Array<'ok' | { status: number | 'FETCH_ERROR'; message: string | null }>) {
  const store = memoryStore();
  const sent: PendingLog[] = [];
  const published: PendingLog[][] = [];
  let clock = 1_000_000;
  const sync = createPendingSync({
    store,
    userId: () => 'u1',
    publish: (entries) => published.push(entries),
    now: () => clock,
    send: async (entry) => {
      sent.push(entry);
      const answer = answers.shift() ?? 'ok';
      if (answer !== 'ok') throw answer;
    },
  });
  return { store, sync, sent, published, advance: (ms: number) => (clock += ms) };
}

describe('the device queue of logs made offline', () => {
  it('keeps the tap as the request body with its time, points and key', () => {
    expect(
      pendingLogOf({
        key: 'k1',
        user_id: 'u1',
        logged_at: '2026-11-26T09:00:00.000Z',
        log: { kind: 'bulk', body: { activity_type: 'direct_mail', quantity: 5, note: null, honesty_confirmed: true } },
      }),
    ).toEqual({
      key: 'k1',
      user_id: 'u1',
      kind: 'bulk',
      activity_type: 'direct_mail',
      body: { activity_type: 'direct_mail', quantity: 5, note: null, honesty_confirmed: true, logged_at: '2026-11-26T09:00:00.000Z' },
      quantity: 5,
      points: 10,
      logged_at: '2026-11-26T09:00:00.000Z',
      attempts: 0,
      next_attempt_at: 0,
      refusal: null,
    });
  });

  it('tells a lost connection from an answer', () => {
    expect(isConnectionFailure({ status: 'FETCH_ERROR', message: null }, true)).toBe(true);
    expect(isConnectionFailure({ status: 500, message: 'x' }, false)).toBe(true);
    expect(isConnectionFailure({ status: 500, message: 'x' }, true)).toBe(false);
    expect(isConnectionFailure({ status: 422, message: 'quantity: bad' }, true)).toBe(false);
  });

  it.each([
    [{ status: 'FETCH_ERROR', message: null }, { kind: 'retry' }],
    [{ status: 502, message: 'Bad gateway' }, { kind: 'retry' }],
    [{ status: 429, message: 'Too many logs' }, { kind: 'retry' }],
    [{ status: 401, message: 'Could not validate credentials' }, { kind: 'retry' }],
    [
      { status: 409, message: 'This entry was made on Tuesday, a day that has ended; it was not logged.' },
      { kind: 'refused', text: 'This entry was made on Tuesday, a day that has ended; it was not logged.' },
    ],
    [
      { status: 422, message: null },
      { kind: 'refused', text: 'The server refused this entry (422).' },
    ],
  ])('sorts %p as %p', (error, outcome) => {
    expect(outcomeOf(error)).toEqual(outcome);
  });

  it('backs off 5 s, 10 s, 20 s... up to 5 minutes', () => {
    expect([1, 2, 3, 10].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 300_000]);
  });

  it('sends in the order made, removes what the server has, and shows only the user’s own', async () => {
    const { store, sync, sent, published } = setUp(['ok', 'ok']);
    await store.put(tap('late', '2026-11-26T09:05:00.000Z'));
    await store.put(tap('early', '2026-11-26T09:00:00.000Z'));
    await store.put(tap('other', '2026-11-26T09:01:00.000Z', 'u2'));
    await sync.sync();
    expect(sent.map((e) => e.key)).toEqual(['early', 'late']);
    expect(await store.list('u1')).toEqual([]);
    expect(await store.list('u2')).toHaveLength(1);
    expect(published.at(-1)).toEqual([]);
  });

  it('keeps a refused entry with the server’s text until it is dismissed, and never sends it again', async () => {
    const text = 'This entry was made on Wednesday, November 25, 2026, a day that has ended; it was not logged.';
    const { store, sync, sent } = setUp([{ status: 409, message: text }]);
    await sync.queue(tap('k', '2026-11-25T23:00:00.000Z'));
    await sync.sync(true);
    expect(await store.list('u1')).toEqual([expect.objectContaining({ key: 'k', refusal: text })]);
    await sync.sync(true);
    expect(sent).toHaveLength(1);
    expect(await sync.settleBeforeSignOut(true)).toBe(1);
    await sync.dismiss('k');
    expect(await store.list('u1')).toEqual([]);
  });

  it('keeps an entry after a lost connection or a server error, waits its backoff, and sends it when forced', async () => {
    const { store, sync, sent, advance } = setUp([{ status: 'FETCH_ERROR', message: null }, { status: 503, message: 'down' }, 'ok']);
    await sync.queue(tap('a', '2026-11-26T09:00:00.000Z'));
    await sync.queue(tap('b', '2026-11-26T09:01:00.000Z'));
    await sync.sync();
    // The connection was lost at the first: the second was not tried.
    expect(sent.map((e) => e.key)).toEqual(['a']);
    expect(await store.list('u1')).toEqual([expect.objectContaining({ key: 'a', attempts: 1, next_attempt_at: 1_005_000 }), expect.objectContaining({ key: 'b', attempts: 0 })]);
    expect(await sync.nextDue()).toBe(0);
    await sync.sync();
    // b is due at once (and meets a server error); a waits its backoff.
    expect(sent.map((e) => e.key)).toEqual(['a', 'b']);
    expect(await store.list('u1')).toEqual([expect.objectContaining({ key: 'a', attempts: 1 }), expect.objectContaining({ key: 'b', attempts: 1, next_attempt_at: 1_005_000 })]);
    advance(4_000);
    await sync.sync();
    expect(sent).toHaveLength(2);
    await sync.sync(true);
    expect(sent.map((e) => e.key)).toEqual(['a', 'b', 'a', 'b']);
    expect(await store.list('u1')).toEqual([]);
  });

  it('runs one pass at a time: triggers together send each entry once', async () => {
    const { sync, sent } = setUp([]);
    await sync.queue(tap('k', '2026-11-26T09:00:00.000Z'));
    await Promise.all([sync.sync(true), sync.sync(true), sync.sync()]);
    expect(sent).toHaveLength(1);
  });
});
