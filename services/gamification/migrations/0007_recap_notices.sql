-- The bell's weekly recap line: one per user and recapped week (its Monday), made by the user's first
-- bell read of the following week; read_at is set when they open it.
create table recap_notices (
  user_id text not null,
  week_start text not null check (week_start ~ '^\d{4}-\d{2}-\d{2}$'),
  created_at timestamptz not null,
  read_at timestamptz,
  primary key (user_id, week_start)
);
