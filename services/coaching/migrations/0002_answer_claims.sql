-- Runs with search_path set to the coaching schema.

-- The request that asks the model for a user's answer of a day and kind claims it here first, so a
-- concurrent request on another instance waits for that answer instead of paying for its own call
-- (docs/decisions.md). The claimant deletes its row when the call ends, kept or failed; a claim left
-- by a process that died is taken over once it expires.
create table answer_claims (
  user_id text not null,
  local_date date not null,
  kind text not null check (kind in ('plan', 'goal')),
  claimant uuid not null,
  expires_at timestamptz not null,
  primary key (user_id, local_date, kind)
);
