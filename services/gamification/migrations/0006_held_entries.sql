-- An activity that takes its user's logged quantity of its type on its local date above the type's
-- daily ceiling (packages/contracts/ACTIVITIES.md) is kept but held: its points reach the
-- leaderboards, the daily totals (badges, streaks) and the last activity time only once its broker
-- confirms it (confirmed_at).
alter table ledger add column held boolean not null default false;
alter table ledger add column confirmed_at timestamptz;
create index ledger_held on ledger (user_id, occurred_at) where held;
