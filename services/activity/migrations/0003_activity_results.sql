-- A log's first answer, replayed to the retries of its Idempotency-Key, in a table of its own that is
-- only ever inserted into. Kept on the activity row it was an update right after the insert, and once
-- the page had no room left for the wider row, each such update wrote new entries in all four of the
-- activities table's indexes and left a dead row behind.
create table activity_results (
  activity_id uuid primary key references activities (id) on delete cascade,
  result jsonb not null
);
insert into activity_results (activity_id, result) select id, result from activities where result is not null;
alter table activities drop column result;
alter table activities reset (fillfactor);
