import path from 'node:path';
import { sql } from 'kysely';
import { migrate } from '@warriors/kit';
import { bothDatabases, migrateBefore } from '@warriors/test-support';
import { projectedUsers } from '../../src/store/users.store';

// A worker's first PGlite (its WebAssembly compiled and a cluster made) took 19 s of the default 30 s
// beside the other CI worker's system tests.
jest.setTimeout(90_000);

const MIGRATIONS = path.resolve(__dirname, '../../migrations');
const URL = '/api/users/3b9e7c1e-8a43-4c55-9a76-1f0d2e5b6a70/picture?v=2';

describe.each(bothDatabases('gamification'))('0005_picture_urls over %s', (_engine, open) => {
  it('forgets the data URLs the projection kept and leaves URLs and nulls as they are', async () => {
    const { database, drop } = await open();
    try {
      await migrateBefore(database, 'gamification', MIGRATIONS, '0005_picture_urls.sql', { shared: projectedUsers.migrations });
      for (const [id, picture] of [
        ['with-data-url', `data:image/png;base64,${'A'.repeat(4096)}`],
        ['with-url', URL],
        ['without', null],
      ]) {
        await sql`
          insert into gamification.users (user_id, name, username, profile_picture, timezone, show_on_leaderboard, profile_public, event_at)
          values (${id}, 'W', ${id}, ${picture}, 'UTC', true, true, now())`.execute(database.db);
      }
      await migrate(database, 'gamification', MIGRATIONS, { shared: projectedUsers.migrations });
      const rows = await sql<{ user_id: string; profile_picture: string | null }>`
        select user_id, profile_picture from gamification.users order by user_id`.execute(database.db);
      expect(rows.rows).toEqual([
        { user_id: 'with-data-url', profile_picture: null },
        { user_id: 'with-url', profile_picture: URL },
        { user_id: 'without', profile_picture: null },
      ]);
    } finally {
      await drop();
    }
  });
});
