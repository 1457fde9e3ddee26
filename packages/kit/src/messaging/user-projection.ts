import { sql, type Generated, type Kysely } from 'kysely';
import { BUS_QUESTIONS, UserProjectionReply, type UserProjection } from '@warriors/contracts';
import type { Bus, EventOn, Subscription } from './bus';
import type { Clock } from '../clock';
import type { SharedMigration } from '../db/migrate';
import { sqlName } from '../db/sql-name';
import { lockAllAndMarkApplied, lockKey } from './inbox';

/** The fields of auth's user events a service may keep, and the column each becomes. */
const COLUMN_TYPES = {
  name: 'text not null',
  username: 'text not null',
  profile_picture: 'text',
  company: 'text',
  city: 'text',
  state: 'text',
  timezone: 'text not null',
  day_carry_date: 'text',
  day_carry_until: 'text',
  profile_public: 'boolean not null',
  show_on_leaderboard: 'boolean not null',
  show_in_battle_pulse: 'boolean not null',
  streak_mode: "text not null default 'daily'",
} as const satisfies Record<Exclude<keyof UserProjection, 'user_id'>, string>;

export type ProjectedColumn = keyof typeof COLUMN_TYPES;

/** The rows of the consumer tables kit creates in each consuming service's schema (CONSUMER_TABLES). */
export interface ConsumerTables {
  inbox: { event_id: string; applied_at: Date };
  dead_letters: { id: Generated<string>; subject: string; durable: string; deliveries: number; error: string; payload: string; received_at: Date };
  deleted_users: { user_id: string; deleted_at: Date };
  session_floors: { user_id: string; credential_version: number };
}

/**
 * The tables every service that consumes events keeps: inbox, dead_letters, deleted_users and the
 * users projection. Written to upgrade too the copies each service created itself before kit held
 * them: an existing table keeps its rows, and two columns that had drifted are renamed.
 */
const CONSUMER_TABLES = `
-- Event ids applied, written in the same transaction as their effects (markEventApplied).
create table if not exists inbox (
  event_id text primary key,
  applied_at timestamptz not null
);

-- Messages a consumer gave up on, kept for inspection and replay rather than lost (recordDeadLetter).
create table if not exists dead_letters (
  id bigserial primary key,
  subject text not null,
  durable text not null,
  deliveries integer not null,
  error text not null,
  payload text not null,
  received_at timestamptz not null
);

-- Users whose user.deleted was applied: a late event or an on-demand fetch must not bring them back.
create table if not exists deleted_users (
  user_id text primary key,
  deleted_at timestamptz not null
);

-- What the service keeps of each user (the columns it names are added below). event_at is the
-- occurredAt of the last event applied, so an older event arriving late does not overwrite a newer
-- state; it is null for a row fetched from auth on demand, which any event may then replace.
create table if not exists users (
  user_id text primary key,
  event_at timestamptz
);

do $$
begin
  -- activity's own dead_letters named the time created_at.
  if exists (select from information_schema.columns where table_schema = current_schema() and table_name = 'dead_letters' and column_name = 'created_at') then
    alter table dead_letters rename column created_at to received_at;
  end if;
  -- gamification's own users named the event time updated_at.
  if exists (select from information_schema.columns where table_schema = current_schema() and table_name = 'users' and column_name = 'updated_at') then
    alter table users rename column updated_at to event_at;
  end if;
end $$;
alter table users alter column event_at drop not null;
`;

/** The lowest credential version each user's tokens may carry (user.sessions_revoked); no row: every version. */
const SESSION_FLOORS = `
create table if not exists session_floors (
  user_id text primary key,
  credential_version integer not null
);
`;

export interface UserProjectionSpec<C extends ProjectedColumn> {
  schema: string;
  /** The fields of auth's user events the service keeps: its users table has these columns. */
  columns: readonly C[];
  /**
   * The advisory-lock key of one user: the same one the service's other writers of that user's rows
   * take, so a deletion and, say, an activity batch cannot interleave.
   */
  lockKey: (userId: string) => string;
}

/** A user as the service's projection keeps them. */
export type ProjectedUser<C extends ProjectedColumn> = Pick<UserProjection, 'user_id' | C>;

export interface ProjectedUsers<C extends ProjectedColumn> {
  readonly schema: string;
  /**
   * kit's migration for the consumer tables, with the users columns named in the spec: pass it to
   * migrate() as `shared`. A column kept later needs a migration of the service's own.
   */
  readonly migrations: readonly SharedMigration[];
  readonly lockKey: (userId: string) => string;
  /** Takes the user's lock until the transaction ends. */
  lock(trx: Kysely<any>, userId: string): Promise<void>;
  isDeleted(db: Kysely<any>, userId: string): Promise<boolean>;
  /**
   * Whether a token of this user at this credential version is refused: the account was deleted or
   * its sessions were revoked past that version. One statement: it runs on every authenticated request.
   */
  refusesToken(db: Kysely<any>, user: { id: string; credentialVersion: number }): Promise<boolean>;
  /**
   * Takes the user's lock and answers whether they are still live (false: deleted). The deletion
   * takes the same lock, so what the transaction then writes for a live user commits before the
   * deletion's forget runs, and the forget removes it: nothing written this way outlives the account.
   */
  lockLive(trx: Kysely<any>, userId: string): Promise<boolean>;
  /**
   * Inserts or replaces a user's row unless it holds a newer event's state. `eventAt` null (a row
   * fetched on demand) only fills a missing row. `newRow` adds values a row takes only when it is
   * inserted. Callers check isDeleted first, under lock.
   */
  save(db: Kysely<any>, user: ProjectedUser<C>, eventAt: Date | null, newRow?: Record<string, unknown>): Promise<void>;
  /** Forgets the user's row and leaves a tombstone, so late events do not bring them back. */
  remove(db: Kysely<any>, userId: string, at: Date): Promise<void>;
}

export function projectUsers<C extends ProjectedColumn>(spec: UserProjectionSpec<C>): ProjectedUsers<C> {
  const schema = sqlName(spec.schema, 'schema');
  const kept = spec.columns.map((column) => `alter table users add column if not exists ${column} ${COLUMN_TYPES[column]};`);
  const fieldsOf = (user: ProjectedUser<C>) => Object.fromEntries(spec.columns.map((column) => [column, user[column] ?? null]));
  async function isDeleted(db: Kysely<any>, userId: string): Promise<boolean> {
    const row = await db.withSchema(schema).selectFrom('deleted_users').select('user_id').where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }
  return {
    schema,
    migrations: [
      { id: 'kit:0001_consumer_tables', sql: [CONSUMER_TABLES, ...kept].join('\n') },
      { id: 'kit:0002_session_floors', sql: SESSION_FLOORS },
    ],
    lockKey: spec.lockKey,
    lock: (trx, userId) => lockKey(trx, spec.lockKey(userId)),
    isDeleted,
    async refusesToken(db, user) {
      const { rows } = await sql<{
        refused: boolean;
      }>`select exists (select 1 from ${sql.table(`${schema}.deleted_users`)} where user_id = ${user.id}) or exists (select 1 from ${sql.table(`${schema}.session_floors`)} where user_id = ${user.id} and credential_version > ${user.credentialVersion}) as refused`.execute(
        db,
      );
      return rows[0]?.refused === true;
    },
    async lockLive(trx, userId) {
      await lockKey(trx, spec.lockKey(userId));
      return !(await isDeleted(trx, userId));
    },
    async save(db, user, eventAt, newRow = {}) {
      const fields = fieldsOf(user);
      await db
        .withSchema(schema)
        .insertInto('users')
        .values({ ...newRow, ...fields, user_id: user.user_id, event_at: eventAt })
        .onConflict((oc) =>
          eventAt === null
            ? oc.column('user_id').doNothing()
            : oc
                .column('user_id')
                .doUpdateSet({ ...fields, event_at: eventAt })
                .where((eb) => eb.or([eb('users.event_at', 'is', null), eb('users.event_at', '<=', eventAt)])),
        )
        .execute();
    },
    async remove(db, userId, at) {
      await db.withSchema(schema).deleteFrom('users').where('user_id', '=', userId).execute();
      await db
        .withSchema(schema)
        .insertInto('deleted_users')
        .values({ user_id: userId, deleted_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
  };
}

/** What auth publishes about users, as a consumer of 'user.>' receives it. */
export type UserEvent = EventOn<'user.>'>;

/** What a service adds to the projection's handling of user events. */
export interface UserEventHooks<DB> {
  /** Values a new row takes beyond the projected fields (e.g. a time the service derives from its own rows). */
  newRow?: (userId: string) => Record<string, unknown>;
  /** In the deletion's transaction, under the user's lock, once per deletion: what else the service forgets. */
  forget?: (trx: Kysely<DB>, userId: string, at: Date) => Promise<void>;
  /**
   * After each event's transaction, redeliveries included (a crash may have come between the two);
   * `at` is the time the transaction applied it at.
   */
  afterEach?: (event: UserEvent, at: Date) => Promise<void> | void;
}

export interface UserProjectionDeps<DB, C extends ProjectedColumn> {
  db: Kysely<DB>;
  clock: Clock;
  users: ProjectedUsers<C>;
  hooks?: UserEventHooks<DB>;
}

/**
 * Applies one user event to the projection, under the user's lock: registered and updated write the
 * row unless it holds a newer state or the user was deleted; deleted removes it and leaves a
 * tombstone. The inbox row commits with the change, so a redelivery changes nothing.
 */
export async function applyUserEvent<DB, C extends ProjectedColumn>(deps: UserProjectionDeps<DB, C>, event: UserEvent): Promise<void> {
  const { db, users, hooks = {} } = deps;
  const userId = event.data.user_id;
  const now = deps.clock.now();
  await db.transaction().execute(async (trx) => {
    const fresh = await lockAllAndMarkApplied(trx, users.schema, [users.lockKey(userId)], [event.id], now);
    if (!fresh.has(event.id)) return;
    switch (event.type) {
      case 'user.registered':
      case 'user.updated':
        if (await users.isDeleted(trx, userId)) return;
        await users.save(trx, event.data, new Date(event.occurredAt), hooks.newRow?.(userId));
        return;
      case 'user.deleted':
        await hooks.forget?.(trx, userId, now);
        await users.remove(trx, userId, now);
        return;
      case 'user.sessions_revoked':
        await sql`insert into ${sql.table(`${users.schema}.session_floors`)} (user_id, credential_version) values (${userId}, ${event.data.credential_version})
          on conflict (user_id) do update set credential_version = greatest(session_floors.credential_version, excluded.credential_version)`.execute(trx);
        return;
      case 'user.email_verified':
        // The projection keeps no address: a service that acts on it does so in its afterEach hook.
        return;
      default: {
        const unknown: never = event;
        throw new Error(`unknown user event ${JSON.stringify(unknown)}`);
      }
    }
  });
  await hooks.afterEach?.(event, now);
}

/** The projection's consumer: a service opts in with its durable name, its projection and its hooks. */
export function consumeUserEvents<DB, C extends ProjectedColumn>(bus: Bus, durable: string, deps: UserProjectionDeps<DB, C>): Promise<Subscription> {
  return bus.consume({ durable, subjects: ['user.>'] }, (event) => applyUserEvent(deps, event));
}

/**
 * The port through which a service's use cases read the users it knows, whatever it keeps of them
 * (its projection's columns) and however it caches them. Each service implements it over its own
 * users table; a use case depends on this shape, never on the service's store.
 */
export interface UserDirectory<U> {
  /** The user, or null when the service does not know them (or they were deleted). */
  resolve(userId: string): Promise<U | null>;
}

/** How long a service waits for auth when a user is not in its projection yet. */
export const USER_REQUEST_TIMEOUT_MS = 1000;

export interface OnDemandUsers<U> {
  db: Kysely<any>;
  bus: Bus;
  users: ProjectedUsers<ProjectedColumn>;
  /** The user as the service reads them from its projection. */
  find: (db: Kysely<any>, userId: string) => Promise<U | undefined>;
  /** What to throw when auth cannot be asked (a request's 503, a consumer's retry). */
  unavailable: (cause: unknown) => Error;
}

/**
 * The user from the service's projection, or, for a user whose user.registered has not arrived yet
 * (right after sign-up), auth's answer by request/reply, saved so the next read is local. Null when
 * auth does not know them or they were deleted (a tombstone is never fetched back).
 */
export async function resolveUser<U>(deps: OnDemandUsers<U>, userId: string): Promise<U | null> {
  const known = await deps.find(deps.db, userId);
  if (known) return known;
  // Saved as of no event: any event of the user's, however old, replaces it.
  return askAuthAndSave(deps, userId, () => null);
}

/**
 * Asks auth for the user again and saves the answer as of `answeredAt`, over the projection's row: for
 * a service that began keeping a column after its rows were projected (they hold the column's default
 * until the user's next event) and needs it right now. An event that happened after the answer still
 * wins. Null when auth does not know the user or they were deleted; the service's `unavailable` when
 * auth cannot be asked.
 */
export async function refreshUser<U>(deps: OnDemandUsers<U> & { clock: Clock }, userId: string): Promise<U | null> {
  return askAuthAndSave(deps, userId, () => deps.clock.now());
}

/**
 * Auth's answer about a user, saved under the user's lock as of `savedAs()` (read once auth has
 * answered) unless they are deleted; null when auth does not know them. A tombstone is never fetched
 * back, and a user.deleted applied while auth was answering wins over the answer.
 */
async function askAuthAndSave<U>(deps: OnDemandUsers<U>, userId: string, savedAs: () => Date | null): Promise<U | null> {
  const { db, users } = deps;
  if (await users.isDeleted(db, userId)) return null;
  let reply: UserProjection | null;
  try {
    reply = UserProjectionReply.parse(await deps.bus.request(BUS_QUESTIONS.userProjection.subject, { user_id: userId }, USER_REQUEST_TIMEOUT_MS));
  } catch (err) {
    throw deps.unavailable(err);
  }
  if (!reply || reply.user_id !== userId) return null;
  const fetched = reply;
  const eventAt = savedAs();
  return db.transaction().execute(async (trx) => {
    await users.lock(trx, userId);
    if (await users.isDeleted(trx, userId)) return null;
    await users.save(trx, fetched, eventAt);
    return (await deps.find(trx, userId)) ?? null;
  });
}
