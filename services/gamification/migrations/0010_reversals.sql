-- A deleted entry's reversal joins the ledger beside it (source 'reversal', source_id
-- 'reversal:<activity_id>', the negated points on the entry's local date, held as the entry was):
-- every sum of points (boards, windows, recap, rebuilds) takes it back, and the entry's row stays.
-- Like a bonus it has no activity type or quantity: the daily totals are reduced directly.
alter table ledger drop constraint ledger_source_check;
alter table ledger add constraint ledger_source_check check (source in ('activity', 'campaign', 'reversal'));
alter table ledger drop constraint ledger_points_check;
alter table ledger add constraint ledger_points_check check ((source = 'reversal') = (points < 0) or (source = 'reversal' and points = 0));
