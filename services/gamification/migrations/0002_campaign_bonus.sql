-- Campaign bonuses join the ledger (source 'campaign', source_id = the campaign.completed event id),
-- so every points total and the leaderboard rebuild include them. A bonus is not a logged activity:
-- it has no activity type or quantity, and badge and streak reads take source = 'activity' rows only.
alter table ledger drop constraint ledger_source_check;
alter table ledger add constraint ledger_source_check check (source in ('activity', 'campaign'));
alter table ledger alter column activity_type drop not null;
alter table ledger alter column quantity drop not null;
alter table ledger add constraint ledger_activity_fields check (
  (source = 'activity') = (activity_type is not null and quantity is not null)
);
