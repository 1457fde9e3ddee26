-- daily_totals rows are updated by every activity of the day and users rows by every activity
-- (last_activity_at); no indexed column changes, so with room on the page each is a HOT update.
alter table daily_totals set (fillfactor = 70);
alter table users set (fillfactor = 80);
