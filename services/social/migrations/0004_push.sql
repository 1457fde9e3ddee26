-- Runs with search_path set to the social schema.

-- Quiet hours and 'passed you' once a day are the broker's local times. A fresh schema has the column
-- from kit's consumer tables already; rows projected before this migration read as UTC until the
-- user's next user.updated, or until they subscribe a device, which asks auth for the user again.
alter table users add column if not exists timezone text not null default 'UTC';

-- One row per device (the push service's endpoint is the device's address); a device signed in by
-- another account moves to that account.
create table push_subscriptions (
  endpoint text primary key,
  user_id text not null,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index push_subscriptions_user on push_subscriptions (user_id);

-- A broker's choices; none means the defaults (every kind, quiet 21:00-07:00).
create table push_preferences (
  user_id text primary key,
  nudges boolean not null,
  invitations boolean not null,
  kudos boolean not null,
  passed boolean not null,
  quiet_start text not null,
  quiet_end text not null,
  updated_at timestamptz not null
);

-- Notifications waiting to be sent, one per source and device: the key makes a repeated source add
-- nothing, and a row leaves only once sent (or given up), so a crash loses none. due_at is when it may
-- go (after quiet hours, after a failure's backoff); a sender claims a row by moving due_at past a lease.
create table push_queue (
  source_key text not null,
  endpoint text not null references push_subscriptions (endpoint) on delete cascade,
  user_id text not null,
  payload text not null,
  due_at timestamptz not null,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null,
  primary key (source_key, endpoint)
);
create index push_queue_due on push_queue (due_at);

-- The local days on which a broker was told they were passed: at most one such notification a day.
create table push_passed_days (
  user_id text not null,
  local_date text not null,
  primary key (user_id, local_date)
);
