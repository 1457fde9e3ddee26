-- A batch judges each new entry's daily ceiling on the day's counted quantity (daily_totals) plus
-- the day's held entries of its type: this index finds those held entries by day and type, where
-- the (user_id, local_date) index read every entry of the user's day to find the few held.
create index if not exists ledger_held_by_day on ledger (user_id, local_date, activity_type) where held;
