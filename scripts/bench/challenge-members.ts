// Seeds a challenge with thousands of members for `npm run bench`. Signing up 10,000 warriors through
// the API would take the bench most of an hour (password hashing), so the members are written where
// the challenges service keeps them (its users projection and challenge_members, with points), and
// the service's own rebuild command then builds the Redis board from PostgreSQL, as it does after a
// Redis flush.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createPostgresDatabase } from '@warriors/kit';

const ROWS_PER_INSERT = 1000;

export async function seedChallengeMembers(databaseUrl: string, challengeId: number, members: number, now = new Date()): Promise<void> {
  const database = createPostgresDatabase(databaseUrl, 2);
  try {
    for (let from = 0; from < members; from += ROWS_PER_INSERT) {
      const batch = Array.from({ length: Math.min(ROWS_PER_INSERT, members - from) }, (_, i) => {
        const n = from + i;
        return { id: randomUUID(), n, points: (n * 7919) % 5000 };
      });
      const users = sql.join(batch.map((m) => sql`(${m.id}, ${`Seeded Warrior ${m.n}`}, ${`seeded_${m.n}_${m.id.slice(0, 6)}`}, true, true, ${now})`));
      await sql`insert into challenges.users (user_id, name, username, show_on_leaderboard, profile_public, event_at) values ${users}`.execute(database.db);
      const rows = sql.join(batch.map((m) => sql`(${challengeId}, ${m.id}, 'member', ${now}, ${m.points}, '{}'::jsonb)`));
      await sql`insert into challenges.challenge_members (challenge_id, user_id, role, joined_at, points, counts) values ${rows}`.execute(database.db);
    }
    // The service keeps the count in the transaction of each join; rows written here bypass it.
    await sql`update challenges.challenges set members_count = members_count + ${members} where id = ${challengeId}`.execute(database.db);
  } finally {
    await database.close();
  }
}
