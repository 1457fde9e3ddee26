import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import type { EventOf } from '@warriors/contracts';
import type { Database } from '@warriors/kit';
import { bothDatabases, eventually, migrateBefore } from '@warriors/test-support';
import { dataUrl, JPEG_BYTES, NOW, PNG_BYTES, startAuth } from '../support/harness';

const MIGRATIONS = path.resolve(__dirname, '../../migrations');
// The PGlite run (its WebAssembly compiled, a cluster made, migrated twice) took 18 s of the default
// 30 s in a fresh-clone CI run beside the other worker's system tests.
jest.setTimeout(90_000);

/** The auth schema as it was before pictures had a table of their own, with users holding data URLs. */
async function databaseBeforePictures(database: Database, pictures: Record<string, string | null>): Promise<void> {
  await migrateBefore(database, 'auth', MIGRATIONS, '0002_profile_pictures.sql');
  for (const [id, picture] of Object.entries(pictures)) {
    await sql`
      insert into auth.users (id, email, username, password_hash, name, focus_area, timezone, profile_picture, created_at, updated_at)
      values (${id}, ${`${id}@example.com`}, ${`u${id.slice(0, 8)}`}, 'x', 'Before Pictures', 'investor', 'UTC', ${picture}, ${NOW}, ${NOW})`.execute(database.db);
  }
}

describe.each(bothDatabases('auth'))('the 0002 migration over %s', (_engine, open) => {
  it('moves data-URL pictures into their table and announces their URLs in user.updated', async () => {
    const { database, drop } = await open();
    const [png, jpeg, none] = [randomUUID(), randomUUID(), randomUUID()];
    await databaseBeforePictures(database, { [png]: dataUrl('image/png', PNG_BYTES), [jpeg]: dataUrl('image/jpeg', JPEG_BYTES), [none]: null });

    const auth = await startAuth(database);
    try {
      for (const [id, mime, bytes] of [
        [png, 'image/png', PNG_BYTES],
        [jpeg, 'image/jpeg', JPEG_BYTES],
      ] as const) {
        const me = await auth.call('GET', '/api/me', { token: auth.tokens.sign({ id }) });
        expect(me.body.profile_picture).toBe(`/api/users/${id}/picture?v=1`);
        const served = await fetch(`${auth.url}/api/users/${id}/picture?v=1`);
        expect(served.headers.get('content-type')).toBe(mime);
        expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(bytes));
      }
      expect((await auth.call('GET', '/api/me', { token: auth.tokens.sign({ id: none }) })).body.profile_picture).toBeNull();

      const updates = () => auth.bus.events.filter((e): e is EventOf<'user.updated'> => e.type === 'user.updated');
      await eventually('both announcements', () => (updates().length === 2 ? true : undefined));
      expect(
        updates()
          .map((e) => [e.data.user_id, e.data.profile_picture, e.requestId])
          .sort(),
      ).toEqual(
        [
          [png, `/api/users/${png}/picture?v=1`, 'migration:0002_profile_pictures'],
          [jpeg, `/api/users/${jpeg}/picture?v=1`, 'migration:0002_profile_pictures'],
        ].sort(),
      );
    } finally {
      await auth.close();
    }

    // A second start announces nothing again: the outbox keeps order, so the first event after the
    // start would come after any announcement.
    const restarted = await startAuth(database);
    try {
      await restarted.call('PUT', '/api/settings/profile', { token: restarted.tokens.sign({ id: none }), body: { bio: 'after the move' } });
      await eventually('the bio change', () => restarted.bus.events.find((e) => e.type === 'user.updated' && e.data.user_id === none));
      expect(restarted.bus.events.filter((e) => e.type === 'user.updated').map((e) => (e as EventOf<'user.updated'>).data.user_id)).toEqual([none]);
    } finally {
      await restarted.close();
      await drop();
    }
  });
});
