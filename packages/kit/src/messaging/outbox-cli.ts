import { consoleLogger } from './bus/common';
import type { Bus } from './bus/bus.port';
import { createNatsBus } from './bus/nats-bus';
import { NatsEnv, natsBusOptions } from './bus/nats-env';
import { loadConfig } from '../config';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../db/database';
import { OutboxEnv } from './outbox';
import { listDeadLetters, outboxCounts, outboxSchemas, replayDeadLetters, replayPublished } from './outbox-admin';

const USAGE = `usage: node packages/kit/dist/messaging/outbox-cli.js <command>
  status                          pending, retrying and dead-lettered events of every service's outbox
  dead-letters <schema>           a service's dead-lettered events (seq, when, attempts, event, reason)
  replay <schema> <seq>... | --all  puts dead-lettered events back in the outbox; the running service publishes them
  replay-range <schema|all> --from <ISO time> --to <ISO time>
                                  publishes again the events published in [from, to) (kept OUTBOX_REPLAY_WINDOW_HOURS)
The database: DATABASE_URL (stack), or PGLITE_DIR=<DATA_DIR>/pg (embedded, with the product stopped).
replay-range publishes to NATS_URL, NATS_STREAM and NATS_SUBJECT_PREFIX: run it with the services' values.`;

/** The time a `--name <ISO time>` flag gives, or a usage error naming it. */
function timeFlag(args: readonly string[], name: string): Date {
  const at = args.indexOf(name);
  const text = at >= 0 ? args[at + 1] : undefined;
  if (text === undefined) throw new Error(`${name} <ISO time> is required\n${USAGE}`);
  const time = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(time.getTime())) throw new Error(`${name}: not an ISO time: ${text}\n${USAGE}`);
  return time;
}

async function replayRange(args: readonly string[], database: Database, openBus: () => Promise<Bus>, now: () => Date): Promise<string> {
  const [target, ...flags] = args;
  if (!target || target.startsWith('--')) throw new Error(USAGE);
  const range = { from: timeFlag(flags, '--from'), to: timeFlag(flags, '--to') };
  if (range.from >= range.to) throw new Error(`--from must be before --to\n${USAGE}`);
  const schemas = target === 'all' ? await outboxSchemas(database.db) : [target];
  const bus = await openBus();
  try {
    const lines: string[] = [];
    for (const schema of schemas) {
      const published = await replayPublished(database.db, schema, bus, range);
      lines.push(`${published} event(s) of ${schema} published again (published from ${range.from.toISOString()} to ${range.to.toISOString()})`);
    }
    const windowHours = loadConfig(OutboxEnv).OUTBOX_REPLAY_WINDOW_HOURS;
    if (range.from.getTime() < now().getTime() - windowHours * 3600_000) {
      lines.push(`note: published events are kept ${windowHours} hour(s) (OUTBOX_REPLAY_WINDOW_HOURS); older ones were not replayed`);
    }
    return lines.join('\n');
  } finally {
    await bus.close();
  }
}

/**
 * Runs one command of the outbox CLI and answers what it prints. `openBus` is asked for only by
 * replay-range, which also reads `now` to say whether the range reaches past the replay window.
 */
export async function outboxCli(args: readonly string[], database: Database, openBus: () => Promise<Bus> = openNatsBus, now: () => Date = () => new Date()): Promise<string> {
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
  if (command === 'replay-range') return replayRange(args.slice(1), database, openBus, now);
  throw new Error(USAGE);
}

/** The services' NATS, from the same variables they read. */
function openNatsBus(): Promise<Bus> {
  return createNatsBus(natsBusOptions(loadConfig(NatsEnv), consoleLogger));
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
