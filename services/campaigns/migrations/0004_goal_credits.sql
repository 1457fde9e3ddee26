-- What each entry credited to each goal (written in the transaction of the credit): its units of the
-- entry's type and its points, taken back from exactly those goals when the entry is deleted
-- (activity.deleted, src/use-cases/reverse-activity.ts). Entries credited before this table existed
-- have no row: their deletion takes nothing back from a goal.
create table goal_credits (
  activity_id text not null,
  goal_id integer not null references user_goals (id) on delete cascade,
  activity_type text not null,
  units integer not null,
  points integer not null,
  primary key (activity_id, goal_id)
);
create index goal_credits_goal on goal_credits (goal_id);
