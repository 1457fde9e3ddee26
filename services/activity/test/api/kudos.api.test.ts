import { sql } from 'kysely';
import { Kudos, KUDOS_MESSAGES, KudosReply, RecentActivity, type UserProjection } from '@warriors/contracts';
import { eventually } from '@warriors/test-support';
import { NOW, startActivity, userEvent, type TestActivity } from '../support/harness';

let activity: TestActivity;
type Signed = { user: UserProjection; token: string };
let alice: Signed;
let bob: Signed;
let carol: Signed;
let hidden: Signed;

const KUDOS_LIMIT = 5;

beforeAll(async () => {
  activity = await startActivity({ effectsWaitMs: 10, kudosLimit: { limit: KUDOS_LIMIT, windowMs: 60_000 } });
  alice = await activity.registerUser({ name: 'Alice Vance' });
  bob = await activity.registerUser({ name: 'Bob Stone' });
  carol = await activity.registerUser({ name: 'Carol Diaz' });
  hidden = await activity.registerUser({ show_in_battle_pulse: false });
});

afterAll(async () => {
  await activity.close();
});

/** Logs an entry for `who` at a fresh minute (the clock moves on, so the feed's order is the log's). */
let minute = 0;
async function logEntry(who: Signed): Promise<string> {
  activity.clock.set(new Date(Date.parse(NOW) + ++minute * 60_000));
  const reply = await activity.call('POST', '/api/activity', { token: who.token, body: { activity_type: 'meeting' } });
  expect(reply.status).toBe(201);
  return reply.body.activity.id as string;
}

const giveKudos = (who: Signed, entryId: string) => activity.call('POST', `/api/recent-activities/${entryId}/kudos`, { token: who.token });
const feedRow = async (entryId: string, who?: Signed): Promise<RecentActivity | undefined> =>
  ((await activity.call('GET', '/api/recent-activities', who ? { token: who.token } : {})).body as RecentActivity[]).find((r) => r.id === entryId);

it('gives kudos once per user and entry: a second POST answers the same count', async () => {
  const entry = await logEntry(alice);
  const first = await giveKudos(bob, entry);
  expect(first.status).toBe(200);
  expect(KudosReply.strict().parse(first.body)).toEqual({ id: entry, kudos: 1, kudos_given: true });
  expect(await giveKudos(bob, entry)).toEqual({ status: 200, body: { id: entry, kudos: 1, kudos_given: true } });
  expect((await giveKudos(carol, entry)).body).toEqual({ id: entry, kudos: 2, kudos_given: true });
});

it('publishes kudos.given once per giver and entry, for the recipient (social pushes it)', async () => {
  const entry = await logEntry(alice);
  await giveKudos(bob, entry);
  await giveKudos(bob, entry);
  const events = await sql<{ event: { id: string; data: Record<string, unknown> } }>`
    select event from activity.outbox where event ->> 'type' = 'kudos.given' and event -> 'data' ->> 'entry_id' = ${entry}`.execute(activity.database.db);
  expect(events.rows.map((row) => row.event)).toEqual([
    expect.objectContaining({
      id: expect.stringMatching(/^kudos\.given:/),
      data: { kudos_id: expect.any(String), entry_id: entry, activity_type: 'meeting', giver_id: bob.user.user_id, recipient_id: alice.user.user_id, given_at: expect.any(String) },
    }),
  ]);
});

it('carries each entry’s id and count in the feed, and whether the caller gave it kudos', async () => {
  const entry = await logEntry(alice);
  await giveKudos(bob, entry);
  expect(await feedRow(entry)).toMatchObject({ id: entry, user_id: alice.user.user_id, kudos: 1, kudos_given: false });
  expect(await feedRow(entry, bob)).toMatchObject({ kudos: 1, kudos_given: true });
  expect(await feedRow(entry, carol)).toMatchObject({ kudos: 1, kudos_given: false });
  expect(await feedRow(entry, alice)).toMatchObject({ kudos: 1, kudos_given: false });
});

it('refuses kudos to one’s own entry with a 403 and counts nothing', async () => {
  const entry = await logEntry(alice);
  expect(await giveKudos(alice, entry)).toEqual({ status: 403, body: { detail: KUDOS_MESSAGES.ownEntry } });
  expect(await feedRow(entry)).toMatchObject({ kudos: 0 });
});

it('answers 404 for an unknown entry, a malformed id and a hidden user’s entry', async () => {
  const notFound = { status: 404, body: { detail: KUDOS_MESSAGES.entryNotFound } };
  expect(await giveKudos(bob, '0b6f1c52-3f0e-4a43-9f59-000000000000')).toEqual(notFound);
  expect(await giveKudos(bob, 'not-an-id')).toEqual(notFound);
  const hiddenEntry = await logEntry(hidden);
  expect(await giveKudos(bob, hiddenEntry)).toEqual(notFound);
  const stored = await sql<{ n: number }>`select count(*)::int as n from activity.kudos where entry_id = ${hiddenEntry}`.execute(activity.database.db);
  expect(stored.rows[0]!.n).toBe(0);
});

it('answers 401 without a token', async () => {
  const entry = await logEntry(alice);
  expect((await activity.call('POST', `/api/recent-activities/${entry}/kudos`)).status).toBe(401);
  expect((await activity.call('GET', '/api/kudos')).status).toBe(401);
});

it('lists the recipient’s kudos newest first, each read once clicked; nobody else can read them', async () => {
  const recipient = await activity.registerUser({ name: 'Dana Reyes' });
  const giver = await activity.registerUser({ name: 'Evan Cole' });
  const entry = await logEntry(recipient);
  await giveKudos(giver, entry);
  const inbox = await activity.call('GET', '/api/kudos', { token: recipient.token });
  expect(inbox.status).toBe(200);
  const [kudos] = Kudos.array().parse(inbox.body);
  expect(kudos).toEqual({
    id: expect.any(String),
    entry_id: entry,
    activity_type: 'meeting',
    from_user_id: giver.user.user_id,
    from_name: 'Evan Cole',
    from_username: giver.user.username,
    created_at: new Date(Date.parse(NOW) + minute * 60_000).toISOString(),
    is_read: false,
  });
  expect((await activity.call('GET', '/api/kudos', { token: giver.token })).body).toEqual([]);
  const someoneElse = await activity.call('PUT', `/api/kudos/${kudos!.id}/read`, { token: giver.token });
  expect(someoneElse).toEqual({ status: 404, body: { detail: KUDOS_MESSAGES.kudosNotFound } });
  const read = await activity.call('PUT', `/api/kudos/${kudos!.id}/read`, { token: recipient.token });
  expect(read).toEqual({ status: 200, body: { ...kudos, is_read: true } });
  expect((await activity.call('GET', '/api/kudos', { token: recipient.token })).body).toEqual([{ ...kudos, is_read: true }]);
  expect((await activity.call('PUT', '/api/kudos/nope/read', { token: recipient.token })).status).toBe(404);

  // A later kudos, on another entry, comes first.
  const later = await logEntry(recipient);
  await giveKudos(bob, later);
  const inboxAfter = Kudos.array().parse((await activity.call('GET', '/api/kudos', { token: recipient.token })).body);
  expect(inboxAfter.map((k) => [k.entry_id, k.from_user_id, k.is_read])).toEqual([
    [later, bob.user.user_id, false],
    [entry, giver.user.user_id, true],
  ]);
});

it('limits a user’s kudos requests, with a 429 saying when to retry', async () => {
  const giver = await activity.registerUser();
  const entry = await logEntry(alice);
  for (let i = 0; i < KUDOS_LIMIT; i++) expect((await giveKudos(giver, entry)).status).toBe(200);
  const refused = await giveKudos(giver, entry);
  expect(refused.status).toBe(429);
  expect(refused.body.detail).toMatch(/^Too many kudos in a short time \(at most 5 a minute\)\. Please try again in \d+ seconds?\.$/);
  activity.clock.set(new Date(activity.clock.now().getTime() + 60_000));
  expect((await giveKudos(giver, entry)).status).toBe(200);
});

it('forgets a deleted giver’s kudos: the count drops and the bell line goes', async () => {
  const recipient = await activity.registerUser();
  const giver = await activity.registerUser();
  const entry = await logEntry(recipient);
  await giveKudos(giver, entry);
  await giveKudos(bob, entry);
  expect(await feedRow(entry)).toMatchObject({ kudos: 2 });
  await activity.bus.publish(userEvent('user.deleted', giver.user));
  await eventually('the deletion', async () => ((await activity.storedUser(giver.user.user_id)) ? undefined : true));
  expect(await feedRow(entry)).toMatchObject({ kudos: 1 });
  expect((await activity.call('GET', '/api/kudos', { token: recipient.token })).body).toEqual([expect.objectContaining({ from_user_id: bob.user.user_id })]);
});

describe('attacks (issue 41)', () => {
  const notFound = { status: 404, body: { detail: KUDOS_MESSAGES.entryNotFound } };

  it('answers 404 for a deleted entry and a deleted user’s entry, and the bell forgets kudos given before the deletion', async () => {
    const owner = await activity.registerUser();
    const giver = await activity.registerUser();
    const early = await logEntry(owner);
    expect((await giveKudos(giver, early)).status).toBe(200);
    expect((await activity.call('DELETE', `/api/activity/${early}`, { token: owner.token })).status).toBe(204);
    expect(await giveKudos(await activity.registerUser(), early)).toEqual(notFound);
    expect((await activity.call('GET', '/api/kudos', { token: owner.token })).body).toEqual([]);

    const gone = await activity.registerUser();
    const orphan = await logEntry(gone);
    await activity.bus.publish(userEvent('user.deleted', gone.user));
    await eventually('the deletion', async () => ((await activity.storedUser(gone.user.user_id)) ? undefined : true));
    expect(await giveKudos(giver, orphan)).toEqual(notFound);
  });

  it('two accounts farming each other get one kudos per entry each, within the per-giver limit, and nothing for their own', async () => {
    const a = await activity.registerUser();
    const b = await activity.registerUser();
    const entryOfA = await logEntry(a);
    const entryOfB = await logEntry(b);
    const answers = await Promise.all(Array.from({ length: 2 * (KUDOS_LIMIT + 2) }, (_, i) => (i % 2 ? giveKudos(a, entryOfB) : giveKudos(b, entryOfA))));
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(await feedRow(entryOfA)).toMatchObject({ kudos: 1 });
    expect(await feedRow(entryOfB)).toMatchObject({ kudos: 1 });
    expect((await giveKudos(a, entryOfA)).status).toBe(429);
  });

  it('a kudos line carries the giver’s name and handle, nothing else of their profile; the giver learns only the count', async () => {
    const recipient = await activity.registerUser({ profile_public: false });
    const giver = await activity.registerUser({ name: 'Priya Secret', company: 'Hidden Realty', city: 'Austin', profile_public: false });
    const entry = await logEntry(recipient);
    const reply = await giveKudos(giver, entry);
    expect(reply).toEqual({ status: 200, body: { id: entry, kudos: 1, kudos_given: true } });
    const [line] = (await activity.call('GET', '/api/kudos', { token: recipient.token })).body as Kudos[];
    expect(Object.keys(line!).sort()).toEqual(Object.keys(Kudos.shape).sort());
    expect(JSON.stringify(line)).not.toMatch(/Hidden Realty|Austin/);
    // Another account reads nothing of it.
    expect((await activity.call('GET', '/api/kudos', { token: giver.token })).body).toEqual([]);
    expect((await activity.call('PUT', `/api/kudos/${line!.id}/read`, { token: giver.token })).status).toBe(404);
  });
});
