import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventOf } from '@warriors/contracts';
import { bothDatabases, eventually, type TestDatabase } from '@warriors/test-support';
import { startSocial, type TestSocial, type TestUser } from '../support/harness';

jest.setTimeout(60_000);

/**
 * Two social instances on one database (PostgreSQL as in the stack, PGlite as embedded), each
 * consuming a stream of its own: two consumers making lines at once.
 */
let first: TestSocial;
let second: TestSocial;
const joined = (user: TestUser, challengeId: number, occurredAt: string): EventOf<'challenge.joined'> => ({
  id: randomUUID(),
  type: 'challenge.joined',
  v: 1,
  occurredAt,
  data: { challenge_id: challengeId, challenge_name: `Blitz ${challengeId}`, user_id: user.id, owner_id: randomUUID(), is_private: false },
});

const started = (owner: TestUser, challengeId: number, occurredAt: string): EventOf<'challenge.created'> => ({
  id: randomUUID(),
  type: 'challenge.created',
  v: 1,
  occurredAt,
  data: { challenge_id: challengeId, owner_id: owner.id, name: `Blitz ${challengeId}`, is_private: false, start_at: occurredAt, end_at: occurredAt },
});

/** Publishes to one instance or the other; `taken` waits until the instances have taken every event published. */
const published: string[] = [];
async function publish(to: TestSocial, event: DomainEvent): Promise<void> {
  published.push(event.id);
  await to.bus.publish(event);
}

async function taken(): Promise<void> {
  await eventually(
    'both instances took every event',
    async () => {
      const rows = await first.db.withSchema('social').selectFrom('inbox').select('event_id').where('event_id', 'in', published).execute();
      return rows.length === published.length ? true : undefined;
    },
    20_000,
  );
}

describe.each(bothDatabases('social'))('challenge lines in the battle pulse on %s', (_engine, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
    published.length = 0;
    first = await startSocial({}, database.database);
    second = await startSocial({}, database.database);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('makes one line per user and challenge a UTC day, however many joins two instances handle at once', async () => {
    const looper = await first.register();
    const reader = await first.register();
    const challengeId = 4000 + Math.floor(Math.random() * 1000);
    const day = '2026-03-02';
    // Twenty joins of one challenge (a join/leave loop) in one day, half to each instance, sent together.
    const loop = Array.from({ length: 20 }, (_, i) => joined(looper, challengeId, `${day}T${String(1 + (i % 22)).padStart(2, '0')}:00:00.000Z`));
    await Promise.all(loop.map((event, i) => publish(i % 2 === 0 ? first : second, event)));
    // Another challenge the same day, and the first one again on the next UTC day, still make their line.
    await publish(second, joined(looper, challengeId + 1, `${day}T12:00:00.000Z`));
    await publish(first, joined(looper, challengeId, '2026-03-03T00:00:00.000Z'));
    await taken();

    const lines = (await first.pulse(reader)).filter((line) => line.user_id === looper.id);
    expect(lines.map((line) => line.message).sort()).toEqual([
      `joined the challenge Blitz ${challengeId}`,
      `joined the challenge Blitz ${challengeId}`,
      `joined the challenge Blitz ${challengeId + 1}`,
    ]);
    expect(lines.filter((line) => line.message === `joined the challenge Blitz ${challengeId}`).map((line) => line.created_at.slice(0, 10))).toEqual(['2026-03-03', day]);
  });

  it('counts starting a challenge and joining it as one challenge line that day, and leaves other lines unlimited', async () => {
    const host = await first.register();
    const reader = await first.register();
    const challengeId = 5000 + Math.floor(Math.random() * 1000);
    await Promise.all([publish(first, started(host, challengeId, '2026-03-02T09:00:00.000Z')), publish(second, joined(host, challengeId, '2026-03-02T10:00:00.000Z'))]);
    const badges = ['First Meeting', 'First Meeting'].map((name, i) =>
      first.event('badge.earned', { user_id: host.id, badge_type: 'first_meeting', name, repeat_count: i + 1, earned_at: '2026-03-02T11:00:00.000Z' }),
    );
    for (const badge of badges) await publish(first, badge);
    await taken();

    const lines = (await first.pulse(reader)).filter((line) => line.user_id === host.id);
    expect(lines.filter((line) => line.type === 'challenge')).toHaveLength(1);
    expect(lines.filter((line) => line.message === 'earned the First Meeting badge')).toHaveLength(2);
  });
});
