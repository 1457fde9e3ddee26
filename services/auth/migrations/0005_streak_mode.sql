-- How the broker's streak counts days (docs/decisions.md, "Weekday streaks and streak freezes"):
-- every day, or Monday to Friday. Gamification judges the streak; it keeps this in its user projection.
alter table users add column streak_mode text not null default 'daily' check (streak_mode in ('daily', 'weekdays'));
