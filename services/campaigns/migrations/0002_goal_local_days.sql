-- A goal runs on the local days of its user's zone (src/domain/goal-days.ts), kept with the goal so
-- a later change of the user's zone does not move the end of a goal already running. Goals from
-- before take their user's zone as campaigns knows it (UTC for a user it never heard of): their end
-- moves to the local rule too (docs/decisions.md, "Goals end at local midnight").
alter table user_goals add column timezone text;
update user_goals g set timezone = coalesce((select u.timezone from users u where u.user_id = g.user_id), 'UTC');
alter table user_goals alter column timezone set not null;
