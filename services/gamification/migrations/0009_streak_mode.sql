-- The user's streak mode, from auth's user events (docs/decisions.md, "Weekday streaks and streak
-- freezes"): 'daily' or 'weekdays'. A user whose events predate the setting counts every day.
alter table users add column if not exists streak_mode text not null default 'daily';
