import { createPgliteDatabase, createPostgresDatabase, type Database } from './db/database';
import { listDeadLetters, outboxCounts, outboxSchemas, replayDeadLetters } from './outbox-admin';

const USAGE = `usage: node packages/kit/dist/outbox-cli.js <command>
  status                          pending, retrying and dead-lettered events of every service's outbox
  dead-letters <schema>           a service's dead-lettered events (seq, when, attempts, event, reason)
  replay <schema> <seq>... | --all  puts dead-lettered events back in the outbox; the running service publishes them
The database: DATABASE_URL (stack), or PGLITE_DIR=<DATA_DIR>/pg (embedded, with the product stopped).`;

/** Runs one command of the outbox CLI and answers what it prints. */
export async function outboxCli(args: readonly string[], database: Database): Promise<string> {
  const [command, schema, ...rest] = args;
  if (command === 'status') {
    const lines = ['schema              pending  retrying  dead-lettered'];
    for (const name of await outboxSchemas(database.db)) {
      const counts = await outboxCounts(database.db, name);
      lines.push(`${name.padEnd(18)}${String(counts.pending).padStart(9)}${String(counts.retrying).padStart(10)}${String(counts.deadLettered).padStart(15)}`);
    }
    return lines.join('\n');
  }
  if (command === 'dead-letters' && schema) {
    const letters = await listDeadLetters(database.db, schema);
    if (letters.length === 0) return `no dead-lettered events in ${schema}`;
    return letters.map((l) => `${l.seq}\t${new Date(l.failedAt).toISOString()}\t${l.attempts} attempts\t${l.eventType} ${l.eventId}\t${l.reason}`).join('\n');
  }
  if (command === 'replay' && schema && rest.length > 0) {
    const seqs = rest.includes('--all') ? 'all' : rest;
    if (seqs !== 'all' && !seqs.every((seq) => /^\d+$/.test(seq))) throw new Error(`not a seq: ${seqs.find((seq) => !/^\d+$/.test(seq))}\n${USAGE}`);
    const moved = await replayDeadLetters(database.db, schema, seqs);
    return `${moved} dead-lettered event(s) of ${schema} back in its outbox`;
  }
  throw new Error(USAGE);
}

async function main(): Promise<void> {
  const database = process.env.PGLITE_DIR
    ? await createPgliteDatabase(process.env.PGLITE_DIR)
    : createPostgresDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/warriors', 1);
  try {
    console.log(await outboxCli(process.argv.slice(2), database));
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
