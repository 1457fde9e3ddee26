-- Runs with search_path set to the coaching schema.

-- A user's good answer from the model for one of their local days, kept so the day's later requests
-- make no model call (docs/decisions.md). Only a validated answer is stored: a failure is never cached.
create table daily_answers (
  user_id text not null,
  local_date date not null,
  kind text not null check (kind in ('plan', 'goal')),
  body jsonb not null,
  created_at timestamptz not null,
  primary key (user_id, local_date, kind)
);
