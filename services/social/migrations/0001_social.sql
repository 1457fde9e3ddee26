-- Runs with search_path set to the social schema.

-- The Battle Pulse. Usernames are read from the users projection at read time, so a user's current
-- show_in_battle_pulse flag (and related user's) decides whether an event shows.
create table pulse_events (
  id uuid primary key,
  type text not null check (type in ('achievement', 'encourage', 'challenge', 'coach')),
  user_id text not null,
  related_user_id text,
  message text not null,
  created_at timestamptz not null
);
create index pulse_events_recent on pulse_events (created_at desc, id desc);
create index pulse_events_user on pulse_events (user_id);
create index pulse_events_related on pulse_events (related_user_id) where related_user_id is not null;

create table nudges (
  id uuid primary key,
  type text not null check (type in ('props', 'cheer', 'encourage', 'challenge')),
  from_user_id text not null,
  to_user_id text not null,
  event_id uuid,
  created_at timestamptz not null,
  is_read boolean not null default false
);
create index nudges_inbox on nudges (to_user_id, created_at desc);
-- The sender's rate limit counts their nudges of the last minute.
create index nudges_sender on nudges (from_user_id, created_at desc);
