import { sql } from 'kysely';
import { BUS_QUESTIONS, EXPORT_CSV_COLUMNS, EXPORT_PAGE_SIZE, ExportEntry, HeldEntriesRequest, type UserProjection } from '@warriors/contracts';
import type { Subscription } from '@warriors/kit';
import { parseCsv } from '@warriors/test-support';
import { NOW, startActivity, type TestActivity } from '../support/harness';

let activity: TestActivity;
let gamification: Subscription;
let alice: { user: UserProjection; token: string };
let bob: { user: UserProjection; token: string };
/** What gamification was asked: each held question's activity ids. */
let asked: string[][] = [];
/** What gamification answers as held. */
const held = new Set<string>();

const SEEDED = 20_000;

async function download(path: string, token?: string) {
  const res = await fetch(`${activity.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const chunks: Buffer[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return { res, text: Buffer.concat(chunks).toString('utf8'), chunks: chunks.length };
}

beforeAll(async () => {
  activity = await startActivity({ effectsWaitMs: 10 });
  gamification = await activity.bus.reply(BUS_QUESTIONS.heldEntries.subject, async (payload) => {
    const { activity_ids } = HeldEntriesRequest.parse(payload);
    asked.push(activity_ids);
    return { held_ids: activity_ids.filter((id) => held.has(id)) };
  });
  alice = await activity.registerUser({ timezone: 'America/Chicago' });
  bob = await activity.registerUser({ timezone: 'Asia/Tokyo' });
});

afterAll(async () => {
  await gamification.stop();
  await activity.close();
});

beforeEach(() => {
  asked = [];
});

describe('GET /api/export/activities.csv', () => {
  let logged: Array<{ id: string; note: string | null }>;

  beforeAll(async () => {
    logged = [];
    const notes = [null, 'Called, then "followed up"\r\nby email', '=HYPERLINK("http://x.example","free")', '+1 555 0100 tenant', '-ok', '@lead Ana'];
    // Quantities up to 20 need no note; these carry one anyway.
    for (const [i, note] of notes.entries()) {
      activity.clock.set(new Date(Date.parse(NOW) + i * 60_000));
      const body = note === null ? { activity_type: 'meeting' } : { activity_type: 'cold_call', quantity: 1 + i, note, honesty_confirmed: true };
      const reply = await activity.call('POST', note === null ? '/api/activity' : '/api/activity/bulk', { token: alice.token, body });
      expect(reply.status).toBe(201);
      logged.push({ id: reply.body.activity.id, note });
    }
    activity.clock.set(NOW);
    held.add(logged[2]!.id);
    await activity.call('POST', '/api/activity', { token: bob.token, body: { activity_type: 'email' } });
  });

  it('answers the caller’s entries as an RFC 4180 file to save, with a header row and a dated name', async () => {
    const { res, text } = await download('/api/export/activities.csv', alice.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    // 06:00 in Chicago on NOW's day.
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="prospect-warriors-activities-2025-03-12.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual(logged.map((entry) => entry.id));
    const entries = rows.map((row) => Object.fromEntries(header!.map((column, i) => [column, row[i]])));
    expect(entries[0]).toEqual({
      id: logged[0]!.id,
      activity_type: 'meeting',
      quantity: '1',
      points: '10',
      held: 'false',
      note: '',
      created_at_utc: '2025-03-12T12:00:00.000Z',
      created_at_local: '2025-03-12T07:00:00.000-05:00',
      local_date: '2025-03-12',
    });
    expect(entries[1]).toMatchObject({ quantity: '2', points: '2', note: 'Called, then "followed up"\r\nby email', created_at_utc: '2025-03-12T12:01:00.000Z' });
    expect(entries.map((e) => e.held)).toEqual(['false', 'false', 'true', 'false', 'false', 'false']);
  });

  it('neutralises text a spreadsheet would run as a formula: = + - @ get a leading apostrophe inside a quoted field (OWASP)', async () => {
    const { text } = await download('/api/export/activities.csv', alice.token);
    const notes = parseCsv(text.slice(1))
      .slice(1)
      .map((row) => row[EXPORT_CSV_COLUMNS.indexOf('note')]);
    expect(notes.slice(2)).toEqual(['\'=HYPERLINK("http://x.example","free")', "'+1 555 0100 tenant", "'-ok", "'@lead Ana"]);
    expect(text).toContain('"\'=HYPERLINK(""http://x.example"",""free"")"');
    // Quoted even without a comma or quote: the apostrophe and the text stay one field in every reader.
    for (const note of ["'+1 555 0100 tenant", "'-ok", "'@lead Ana"]) expect(text).toContain(`,"${note}",`);
  });

  it('gives each user only their own entries, asking gamification about theirs alone', async () => {
    const { res, text } = await download('/api/export/activities.csv', bob.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="prospect-warriors-activities-2025-03-12.csv"');
    const rows = parseCsv(text.slice(1)).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(1, 3)).toEqual(['email', '1']);
    expect(rows[0]![EXPORT_CSV_COLUMNS.indexOf('created_at_local')]).toBe('2025-03-12T21:00:00.000+09:00');
    expect(logged.some((entry) => text.includes(entry.id))).toBe(false);
    expect(asked.flat().some((id) => logged.some((entry) => entry.id === id))).toBe(false);
  });

  it('refuses a missing or bad token with 401 {detail}', async () => {
    const none = await activity.call('GET', '/api/export/activities.csv');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: expect.any(String) });
    expect((await activity.call('GET', '/api/export/activities.csv', { token: 'not-a-token' })).status).toBe(401);
  });

  it('gives a user with no entries the header row alone', async () => {
    const empty = await activity.registerUser();
    const { res, text } = await download('/api/export/activities.csv', empty.token);
    expect(res.status).toBe(200);
    expect(text).toBe(`\uFEFF${EXPORT_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('answers 503 {detail}, sending nothing else, while gamification cannot say which entries are held', async () => {
    await gamification.stop();
    try {
      const reply = await activity.call('GET', '/api/export/activities.csv', { token: alice.token });
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ detail: 'Held entries are unavailable right now. Please try again shortly.' });
    } finally {
      gamification = await activity.bus.reply(BUS_QUESTIONS.heldEntries.subject, async (payload) => {
        const { activity_ids } = HeldEntriesRequest.parse(payload);
        asked.push(activity_ids);
        return { held_ids: activity_ids.filter((id) => held.has(id)) };
      });
    }
  });
});

describe('a year of entries', () => {
  let heavy: { user: UserProjection; token: string };

  beforeAll(async () => {
    heavy = await activity.registerUser({ timezone: 'America/New_York' });
    // 20,000 entries over 365 local days, seeded by SQL: about 55 a day, a minute apart from 08:00 UTC.
    await sql`
      insert into activity.activities (id, user_id, activity_type, quantity, points, note, local_date, created_at)
      select gen_random_uuid(), ${heavy.user.user_id}, 'cold_call', 1, 1, case when n % 1000 = 0 then 'note ' || n end,
             (date '2024-03-13' + (n / 55)), timestamptz '2024-03-13 08:00:00+00' + (n / 55) * interval '1 day' + (n % 55) * interval '1 minute'
      from generate_series(0, ${SEEDED - 1}) as n`.execute(activity.database.db);
  }, 60_000);

  it('streams every entry in order, read and sent a page at a time', async () => {
    const { res, text, chunks } = await download('/api/export/activities.csv', heavy.token);
    expect(res.status).toBe(200);
    // No length known in advance: the body goes out in chunks as the pages are read.
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    expect(chunks).toBeGreaterThan(1);
    const rows = parseCsv(text.slice(1)).slice(1);
    expect(rows).toHaveLength(SEEDED);
    const utc = rows.map((row) => row[EXPORT_CSV_COLUMNS.indexOf('created_at_utc')]!);
    expect([...utc].sort()).toEqual(utc);
    expect(rows[0]![EXPORT_CSV_COLUMNS.indexOf('created_at_local')]).toBe('2024-03-13T04:00:00.000-04:00');
    expect(rows.at(-1)![EXPORT_CSV_COLUMNS.indexOf('local_date')]).toBe('2025-03-11');
    // One held question a page, none longer than a page.
    expect(asked).toHaveLength(Math.ceil(SEEDED / EXPORT_PAGE_SIZE));
    expect(Math.max(...asked.map((ids) => ids.length))).toBe(EXPORT_PAGE_SIZE);
    expect(new Set(asked.flat()).size).toBe(SEEDED);
  }, 60_000);

  it('gives the same entries as the JSON array the gateway puts in me.json', async () => {
    const { res, text } = await download('/export/entries', heavy.token);
    expect(res.status).toBe(200);
    const entries = ExportEntry.array().parse(JSON.parse(text));
    expect(entries).toHaveLength(SEEDED);
    expect(entries.filter((entry) => entry.note !== null)).toHaveLength(SEEDED / 1000);
  }, 60_000);
});
