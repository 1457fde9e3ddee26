-- The migration runs with search_path set to the gamification schema.

-- What gamification knows of users, from user.* events. updated_at is the event time, so an older
-- event delivered late cannot overwrite a newer one.
create table users (
  user_id text primary key,
  name text not null,
  username text not null,
  profile_picture text,
  company text,
  city text,
  state text,
  timezone text not null,
  show_on_leaderboard boolean not null,
  profile_public boolean not null,
  last_activity_at timestamptz,
  updated_at timestamptz not null
);
create index users_hidden on users (user_id) where not show_on_leaderboard;

-- A deleted user's late events (activity or user.*) must not bring them back.
create table deleted_users (
  user_id text primary key,
  deleted_at timestamptz not null
);

-- Event ids applied, written in the same transaction as their effects.
create table inbox (
  event_id text primary key,
  applied_at timestamptz not null
);

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

create table dead_letters (
  id bigserial primary key,
  subject text not null,
  durable text not null,
  deliveries integer not null,
  error text not null,
  payload text not null,
  received_at timestamptz not null
);
