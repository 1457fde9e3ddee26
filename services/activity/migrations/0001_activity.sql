-- Runs with search_path set to the activity schema.

-- users, deleted_users, inbox and dead_letters are kit's consumer tables (packages/kit/src/messaging/user-projection.ts),
-- applied before this file. What activity keeps of each user (the users columns) is named in
-- src/store/users.store.ts.

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
