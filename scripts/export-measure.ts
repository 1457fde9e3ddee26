/**
 * What 'Download my data' costs as a broker's log grows: the activities CSV of N seeded entries through
 * activity on PostgreSQL (gamification's held question answered on the in-process bus), its size,
 * first byte and whole time, and the live heap (after a full collection every 10 chunks) above the
 * start, which stays flat when the export streams; then the plan of one page's statement.
 *   npx tsx --expose-gc scripts/export-measure.ts [entries ...]     default 20000 100000
 */
import { sql, type Kysely } from 'kysely';
import { BUS_QUESTIONS, HeldEntriesRequest } from '@warriors/contracts';
import { registerTestUser, startServiceUnderTest, testUser } from '@warriors/test-support';
import { createActivityService } from '../services/activity/src';

const gc = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  if (!gc) throw new Error('run with --expose-gc: the live heap is read after a full collection');
  const sizes = process.argv.slice(2).map(Number);
  const activity = await startServiceUnderTest({ name: 'activity', clock: new Date().toISOString(), create: (ports) => createActivityService({ ...ports, effectsWaitMs: 10 }) });
  const db = activity.database.db as Kysely<unknown>;
  // Plays gamification: the question checked as it would, no entry held.
  const held = await activity.bus.reply(BUS_QUESTIONS.heldEntries.subject, async (payload) => ({ held_ids: HeldEntriesRequest.parse(payload).activity_ids.filter(() => false) }));
  const user = testUser({ timezone: 'America/New_York' });
  await registerTestUser(activity.bus, activity.database, 'activity', user, new Date().toISOString());
  const token = activity.tokens.sign({ id: user.user_id });
  try {
    for (const entries of sizes.length > 0 ? sizes : [20_000, 100_000]) {
      await sql`delete from activity.activities where user_id = ${user.user_id}`.execute(db);
      // A year of entries, a tenth of them with a note.
      await sql`
        insert into activity.activities (id, user_id, activity_type, quantity, points, note, local_date, created_at)
        select gen_random_uuid(), ${user.user_id}, 'cold_call', 1, 1, case when g % 10 = 0 then 'called the owner, left a voicemail' end,
               date '2024-03-13' + (g * 365 / ${entries}), timestamptz '2024-03-13 08:00:00+00' + (g * 365 / ${entries}) * interval '1 day' + (g % 300) * interval '1 minute'
        from generate_series(0, ${entries - 1}) as g`.execute(db);
      await sql`analyze activity.activities`.execute(db);
      for (const measureHeap of [false, true]) {
        gc();
        const base = process.memoryUsage().heapUsed;
        let peak = base;
        const started = performance.now();
        const res = await fetch(`${activity.url}/api/export/activities.csv`, { headers: { authorization: `Bearer ${token}` } });
        let bytes = 0;
        let chunks = 0;
        let firstByte = 0;
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          firstByte ||= performance.now() - started;
          bytes += chunk.length;
          chunks += 1;
          if (measureHeap && chunks % 10 === 0) {
            gc();
            peak = Math.max(peak, process.memoryUsage().heapUsed);
          }
        }
        const whole = performance.now() - started;
        console.log(
          measureHeap
            ? `${entries} entries: live heap above the start at most ${((peak - base) / 1e6).toFixed(1)} MB`
            : `${entries} entries: ${(bytes / 1e6).toFixed(1)} MB in ${chunks} chunks, first byte ${firstByte.toFixed(0)} ms, whole ${whole.toFixed(0)} ms`,
        );
      }
    }
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain analyze select id, seq, local_date::text as local_date, created_at from activity.activities
      where user_id = ${user.user_id} and local_date >= '2024-09-01' and (local_date, created_at, seq) > ('2024-09-01', '2024-09-01 08:00:00+00', 0)
      order by activities.local_date, created_at, seq limit 500`.execute(db);
    console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
  } finally {
    await held.stop();
    await activity.close();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
