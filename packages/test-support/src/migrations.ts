import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, type Database, type MigrateOptions } from '@warriors/kit';

/**
 * Brings a schema to the state just before `file` (applying only the migrations named before it),
 * so a test can write rows as an older release kept them and then see what `file` makes of them
 * when the service migrates the rest. `options.shared` (kit's migrations) all come before `file`.
 */
export async function migrateBefore(database: Database, schema: string, migrationsDir: string, file: string, options: MigrateOptions = {}): Promise<void> {
  const earlier = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql') && name < file);
  const before = await mkdtemp(path.join(tmpdir(), `${schema}-before-`));
  try {
    await Promise.all(earlier.map((name) => copyFile(path.join(migrationsDir, name), path.join(before, name))));
    await migrate(database, schema, before, options);
  } finally {
    await rm(before, { recursive: true });
  }
}
