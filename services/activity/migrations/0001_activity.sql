-- Runs with search_path set to the activity schema.

-- What activity keeps of each user (from auth's user.* events): names for the feed, the timezone
-- that decides a log's local date, and the visibility flags. event_at is the occurredAt of the last
-- event applied, so an older event arriving late does not overwrite a newer state; it is null for a
-- row fetched from auth on demand, which any event may then replace.
create table users (
  user_id text primary key,
  name text not null,
  username text not null,
  profile_picture text,
  company text,
  city text,
  state text,
  timezone text not null,
  profile_public boolean not null,
  show_on_leaderboard boolean not null,
  show_in_battle_pulse boolean not null,
  event_at timestamptz
);

-- Users whose user.deleted was applied: a late user.updated or an on-demand fetch must not bring them back.
create table deleted_users (
  user_id text primary key,
  deleted_at timestamptz not null
);

-- The foreign key makes deleting a user's projection delete their activities, and makes a log that
-- races with the deletion fail instead of leaving an orphan row.
create table activities (
  id uuid primary key,
  seq bigint generated always as identity,
  user_id text not null references users (user_id) on delete cascade,
  activity_type text not null,
  quantity integer not null check (quantity between 1 and 100),
  points integer not null check (points >= 0),
  note text,
  local_date date not null,
  created_at timestamptz not null,
  idempotency_key text,
  -- The answer given to the first request with an Idempotency-Key, replayed to its retries.
  result jsonb,
  -- The constraint, not a lookup before the insert, is what makes racing retries log once.
  constraint activities_idempotency_key unique (user_id, idempotency_key)
);

-- Summary and funnel: one user's activities by local date.
create index activities_user_local_date on activities (user_id, local_date);
-- Recent activities: newest first across users; seq orders rows logged in the same instant.
create index activities_created_at on activities (created_at desc, seq desc);

-- Event ids already applied by the user projection, written in the same transaction as the change.
create table inbox (
  event_id text primary key,
  applied_at timestamptz not null
);

-- Messages a consumer gave up on, kept for inspection and replay rather than lost.
create table dead_letters (
  id bigint generated always as identity primary key,
  subject text not null,
  durable text not null,
  deliveries integer not null,
  error text not null,
  payload text not null,
  created_at timestamptz not null
);
