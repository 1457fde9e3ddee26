-- Runs with search_path set to the challenges schema.

create table challenges (
  id serial primary key,
  owner_id text not null,
  name text not null,
  description text,
  start_at timestamptz not null,
  end_at timestamptz not null,
  -- A blank target is stored as the goals' total points (defaultPointsTarget); null without goals.
  points_target integer,
  is_private boolean not null,
  -- {type: count}
  activity_goals jsonb not null default '{}',
  created_at timestamptz not null,
  check (end_at > start_at)
);
create index challenges_open on challenges (end_at) where not is_private;
create index challenges_owner on challenges (owner_id);

-- Members, the owner included. points and counts are the truth the Redis board is rebuilt from:
-- catalog points and units of each activity credited inside max(start_at, joined_at) <= t < end_at.
create table challenge_members (
  challenge_id integer not null references challenges (id) on delete cascade,
  user_id text not null,
  role text not null check (role in ('owner', 'member')),
  joined_at timestamptz not null,
  points integer not null default 0,
  counts jsonb not null default '{}',
  primary key (challenge_id, user_id)
);
create index challenge_members_user on challenge_members (user_id);

-- One row per (activity, challenge) credited: the apply ids a rebuild marks applied, and what a
-- redelivered activity re-applies to the board.
create table challenge_credits (
  event_id text not null,
  challenge_id integer not null references challenges (id) on delete cascade,
  user_id text not null,
  points integer not null,
  credited_at timestamptz not null,
  primary key (event_id, challenge_id)
);
create index challenge_credits_recent on challenge_credits (credited_at);
create index challenge_credits_member on challenge_credits (challenge_id, user_id);

-- Units logged per user, type and local date, for the daily ceilings (as gamification's boards).
create table daily_units (
  user_id text not null,
  activity_type text not null,
  local_date text not null,
  quantity integer not null,
  primary key (user_id, activity_type, local_date)
);

create table challenge_invites (
  id uuid primary key,
  challenge_id integer not null references challenges (id) on delete cascade,
  from_user_id text not null,
  to_user_id text not null,
  created_at timestamptz not null,
  unique (challenge_id, to_user_id)
);
create index challenge_invites_to on challenge_invites (to_user_id);

-- An 'invite_emails' line whose email had no account (or auth did not answer): it becomes an
-- invite when that email signs up (user.registered).
create table challenge_email_invites (
  challenge_id integer not null references challenges (id) on delete cascade,
  email text not null,
  name text not null,
  from_user_id text not null,
  created_at timestamptz not null,
  primary key (challenge_id, email)
);
create index challenge_email_invites_email on challenge_email_invites (email);

-- users (name, username, profile_picture, show_on_leaderboard), deleted_users, inbox and
-- dead_letters are kit's consumer tables (packages/kit/src/messaging/user-projection.ts), applied before this file.
