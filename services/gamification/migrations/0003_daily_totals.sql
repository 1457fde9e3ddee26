-- A user's logged work per local date and activity type, kept in the same transaction as each ledger
-- row: the badge rules and the streak read these few rows instead of summing every ledger row the
-- user ever had on each event. Campaign bonuses are not logged work and are not here.
create table daily_totals (
  user_id text not null,
  local_date text not null,
  activity_type text not null,
  quantity integer not null,
  points integer not null,
  primary key (user_id, local_date, activity_type)
);

insert into daily_totals (user_id, local_date, activity_type, quantity, points)
select user_id, local_date, activity_type, sum(quantity), sum(points)
from ledger
where source = 'activity'
group by user_id, local_date, activity_type;
