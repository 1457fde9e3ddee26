import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * PGlite has one connection. Kysely's Postgres dialect wants a pool, so this pool hands out that
 * connection to one borrower at a time: a transaction holds it from BEGIN to COMMIT and
 * everyone else waits, which is exactly PostgreSQL's semantics with one backend.
 */
export function pgliteAsPool(pglite: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

  const client = (release: () => void): PostgresPoolClient => ({
    query: (async (text: string, params: readonly unknown[]): Promise<PostgresQueryResult<unknown>> => {
      // Migrations are multi-statement scripts without parameters: they need the simple protocol.
      if (params.length === 0 && text.includes(';')) {
        const results = await pglite.exec(text);
        const last = results[results.length - 1];
        return { command: commandOf(text), rowCount: last?.affectedRows ?? 0, rows: last?.rows ?? [] };
      }
      const result = await pglite.query(text, params as unknown[]);
      return { command: commandOf(text), rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
    }) as PostgresPoolClient['query'],
    release,
  });

  return {
    connect: async () => {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      const previous = tail;
      tail = previous.then(() => turn);
      await previous;
      return client(release);
    },
    end: async () => {
      await tail;
    },
  };
}

function commandOf(text: string): PostgresQueryResult<unknown>['command'] {
  const word = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(text)?.[1]?.toUpperCase();
  switch (word) {
    case 'INSERT':
    case 'UPDATE':
    case 'DELETE':
    case 'MERGE':
      return word;
    default:
      return 'SELECT';
  }
}
