import type { Kysely } from 'kysely';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '@warriors/kit';
import { deadMails, queueCounts, requeueDead } from './store/mails.store';
import type { MailDatabase } from './store/schema';

const USAGE = `usage: node services/mail/dist/mail-cli.js <command>
  status                 mails queued, retrying, sent and dead-lettered
  dead                   the dead-lettered mails (id, when, kind, recipient, attempts, the server's last answer)
  retry <id>... | --all  puts dead-lettered mails back in the queue, due now; the running service sends them
The database: DATABASE_URL (stack), or PGLITE_DIR=<DATA_DIR>/pg (embedded, with the product stopped).`;

/** Runs one command of the mail queue's CLI (the outbox CLI's companion for mails) and answers what it prints. */
export async function mailCli(args: readonly string[], database: Database, now: () => Date = () => new Date()): Promise<string> {
  const db = database.db as Kysely<MailDatabase>;
  const [command, ...rest] = args;
  if (command === 'status') {
    const counts = await queueCounts(db);
    return `queued ${counts.queued}  retrying ${counts.retrying}  sent ${counts.sent}  dead-lettered ${counts.dead}`;
  }
  if (command === 'dead') {
    const dead = await deadMails(db);
    if (dead.length === 0) return 'no dead-lettered mails';
    return dead
      .map((mail) => `${mail.id}\t${new Date(mail.created_at).toISOString()}\t${mail.kind}\t${mail.recipient}\t${mail.attempts} attempts\t${mail.last_error ?? ''}`)
      .join('\n');
  }
  if (command === 'retry' && rest.length > 0) {
    const ids = rest.includes('--all') ? 'all' : rest;
    if (ids !== 'all' && !ids.every((id) => /^\d+$/.test(id))) throw new Error(`not a mail id: ${ids.find((id) => !/^\d+$/.test(id))}\n${USAGE}`);
    return `${await requeueDead(db, ids, now())} dead-lettered mail(s) back in the queue`;
  }
  throw new Error(USAGE);
}

async function main(): Promise<void> {
  const database = process.env.PGLITE_DIR
    ? await createPgliteDatabase(process.env.PGLITE_DIR)
    : createPostgresDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/warriors', 1);
  try {
    console.log(await mailCli(process.argv.slice(2), database));
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
