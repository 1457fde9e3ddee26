import { CompiledQuery, type Kysely } from 'kysely';
import type { DomainEvent } from '@warriors/contracts';
import { createBatcher } from '../batcher';
import { preparedStatement } from '../../db/database';
import { sqlName } from '../../db/sql-name';

/** Most rows in one group insert: bounded so one statement's JSON and work stay small. */
const GROUP_INSERT_MAX = 64;
/**
 * The pause between two group-insert (or mark-published) statements under load, so each carries more rows:
 * measured on the logging load, PostgreSQL's CPU per log fell by about a tenth (docs/decisions.md).
 */
export const GROUP_GAP_MS = 3;

interface PendingInsert {
  row: object;
  event: DomainEvent;
  /** Set once committed: the event's outbox row, or undefined when the row was not written. */
  seq?: string;
  error?: unknown;
}

/** Rows of one table that go in with an event each, many per statement: see Outbox.groupInsert. */
export interface GroupInsertSpec {
  /** The table, in the outbox's schema. */
  table: string;
  /** Every column written and its PostgreSQL type (the rows travel as JSON, read with json_to_recordset). */
  columns: Readonly<Record<string, string>>;
  /** The primary key column: it tells which rows were written. */
  key: string;
  /** A unique constraint's columns: a row conflicting with one already there is skipped, and its event with it. */
  conflict: readonly string[];
}

function groupInsertText(schema: string, spec: GroupInsertSpec): string {
  sqlName(spec.table, 'table');
  for (const column of [spec.key, ...Object.keys(spec.columns), ...spec.conflict]) sqlName(column, 'column');
  const columns = Object.keys(spec.columns).join(', ');
  const definitions = Object.entries(spec.columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  // Each row's event goes in only if its row was written; the answer says which input row each outbox row is for.
  return `
    with input as (select * from json_to_recordset($1::json) as x(input_index int, input_event jsonb, ${definitions})),
    written as (
      insert into ${schema}.${spec.table} (${columns}) select ${columns} from input order by input_index
      on conflict (${spec.conflict.join(', ')}) do nothing returning ${spec.key}
    ),
    queued as (
      insert into ${schema}.outbox (event) select input.input_event from input join written using (${spec.key})
      order by input.input_index returning seq, event->>'id' as event_id
    )
    select input.input_index as i, queued.seq from queued join input on input.input_event->>'id' = queued.event_id`;
}

/**
 * One row with its event at a time for the caller, many per statement underneath (Outbox.groupInsert):
 * answers the event's outbox row, or undefined when the row was skipped on `spec.conflict`.
 */
export function groupInserter(db: Kysely<any>, schema: string, spec: GroupInsertSpec): (row: object, event: DomainEvent) => Promise<string | undefined> {
  const text = preparedStatement(groupInsertText(schema, spec));
  const run = async (batch: PendingInsert[]): Promise<void> => {
    const rows = batch.map((pending, i) => ({ ...pending.row, input_index: i, input_event: pending.event }));
    const written = await db.executeQuery<{ i: number; seq: string }>(CompiledQuery.raw(text, [JSON.stringify(rows)]));
    for (const row of written.rows) batch[row.i]!.seq = String(row.seq);
  };
  // If the statement fails (one row breaking a constraint fails them all), each row goes alone
  // and gets its own answer or error: one bad request never fails the others.
  const inserts = createBatcher<PendingInsert>(
    async (batch) => {
      try {
        await run(batch);
      } catch (err) {
        if (batch.length === 1) {
          batch[0]!.error = err;
          return;
        }
        await Promise.all(
          batch.map((pending) =>
            run([pending]).catch((alone: unknown) => {
              pending.error = alone;
            }),
          ),
        );
      }
    },
    { maxItems: GROUP_INSERT_MAX, gapMs: GROUP_GAP_MS },
  );
  return async (row, event) => {
    const pending: PendingInsert = { row, event };
    await inserts.add(pending);
    if ('error' in pending) throw pending.error;
    return pending.seq;
  };
}
