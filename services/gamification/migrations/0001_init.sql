-- The migration runs with search_path set to the gamification schema.

-- users, deleted_users, inbox and dead_letters are kit's consumer tables (packages/kit/src/messaging/user-projection.ts),
-- applied before this file; the users columns from auth's events are named in src/store/users.store.ts.
-- A user's last logged activity is gamification's own: set from the ledger as activities are applied.
alter table users add column last_activity_at timestamptz;
create index users_hidden on users (user_id) where not show_on_leaderboard;

-- The points ledger: one row per activity event. local_date is text (YYYY-MM-DD) so it stays a
-- zone-free label: pg would turn a date column into a JavaScript Date at local midnight.
create table ledger (
  id bigserial primary key,
  user_id text not null,
  source text not null check (source in ('activity')),
  source_id text not null unique,
  points integer not null check (points >= 0),
  activity_type text not null,
  quantity integer not null check (quantity > 0),
  local_date text not null check (local_date ~ '^\d{4}-\d{2}-\d{2}$'),
  occurred_at timestamptz not null
);
create index ledger_user_date on ledger (user_id, local_date);
create index ledger_date on ledger (local_date);

create table user_badges (
  id uuid primary key,
  user_id text not null,
  badge_type text not null,
  -- local date, ISO week Monday, YYYY-MM or 'lifetime': at most one badge a cycle.
  cycle_key text not null,
  earned_at timestamptz not null,
  unique (user_id, badge_type, cycle_key)
);
