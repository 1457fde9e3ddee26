-- Runs with search_path set to the campaigns schema. The catalog (ids 1-6 and 10-14) lives in code
-- (src/domain/catalog.ts); only users' custom campaigns are rows.

-- Custom ids start at 101: above both readings of spec point 9 (custom ids above 6, or above 11).
create sequence custom_campaign_ids start with 101;

create table custom_campaigns (
  id integer primary key default nextval('custom_campaign_ids'),
  creator_id text not null,
  name text not null,
  is_auto_generated boolean not null,
  description text not null,
  icon text not null,
  duration_days integer not null check (duration_days between 1 and 365),
  -- [{type, count}]
  goals jsonb not null,
  bonus_points integer not null check (bonus_points >= 0),
  created_at timestamptz not null,
  -- Deleted by the creator: gone from lists, while completed goals keep their snapshot.
  deleted_at timestamptz
);
create index custom_campaigns_creator on custom_campaigns (creator_id) where deleted_at is null;

-- A user's pursuit of a campaign. The definition is copied in at join (and on the creator's edit),
-- so a completed goal keeps what it was even if its campaign changes or goes.
create table user_goals (
  id serial primary key,
  user_id text not null,
  campaign_id integer not null,
  kind text not null check (kind in ('prebuilt', 'power', 'custom')),
  name text not null,
  description text not null,
  icon text not null,
  duration_days integer not null,
  -- {kind: 'types', goals: [{type, count}]} or {kind: 'points', points}
  target jsonb not null,
  bonus_points integer not null,
  badge_name text,
  creator_id text,
  is_auto_generated boolean not null,
  -- Raw units per activity type credited inside the window, and points (power challenges).
  counts jsonb not null default '{}',
  points integer not null default 0,
  milestone_reached integer not null default 0,
  started_at timestamptz not null,
  left_at timestamptz,
  completed_at timestamptz
);
create index user_goals_user on user_goals (user_id, campaign_id);

-- users (its timezone column named in src/store/users.store.ts), deleted_users, inbox and dead_letters
-- are kit's consumer tables (packages/kit/src/messaging/user-projection.ts), applied before this file.
