import { randomBytes } from 'node:crypto';
import type { Executor } from './schema';

/** The named key, made at random by the first instance to ask and read by every other: no secret to configure, none with a default. */
export async function linkKey(db: Executor, name: string): Promise<Buffer> {
  await db
    .withSchema('mail')
    .insertInto('link_keys')
    .values({ name, secret: randomBytes(32) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.withSchema('mail').selectFrom('link_keys').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.secret);
}
