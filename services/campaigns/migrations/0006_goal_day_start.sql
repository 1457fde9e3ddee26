-- A goal counts its whole first local day (issue 41): it starts at the start of its user's local day
-- (started_at), and the entries of that day logged before it was made are credited when it is made,
-- from activity's answer. backfilled_until is that instant: an activity.logged of an entry made before
-- it may already be credited, and the consumer checks goal_credits for it. Null for goals before.
alter table user_goals add column backfilled_until timestamptz;
