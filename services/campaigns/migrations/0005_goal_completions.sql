-- How many times each goal was completed (issue 41): an undone entry that takes a completed goal
-- below its target re-opens it (campaign.reopened takes its bonus back), and completing it again is
-- completion 2, whose campaign.completed has an id of its own (campaign.completed:<id>:2), so its
-- bonus is paid once more, once. Goals completed before count one completion.
alter table user_goals add column completions integer not null default 0;
update user_goals set completions = 1 where completed_at is not null;
