-- What each credit was: the entry (activity_id), its type and the units it added to the member's
-- counts (0 above the daily ceiling: the entry still counted towards the day's units), so a deleted
-- entry's credits are taken back exactly (activity.deleted, src/use-cases/reverse-activity.ts). A
-- deletion's own rows (event_id `activity.deleted:<activity_id>`) hold the negated credits: the apply
-- ids a rebuild marks applied, and what a redelivered deletion re-applies to the board. Credits
-- written before these columns have none: their entry's deletion takes nothing back.
alter table challenge_credits add column activity_id text;
alter table challenge_credits add column activity_type text;
alter table challenge_credits add column units integer;
create index challenge_credits_activity on challenge_credits (activity_id) where activity_id is not null;
