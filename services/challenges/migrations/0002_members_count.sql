-- Runs with search_path set to the challenges schema.

-- The number of members (the owner included), kept in the transaction of every join, leave, accepted
-- invite, member removal and user deletion: lists, views and the board read no longer count the
-- members on every read.
alter table challenges add column members_count integer not null default 0;
update challenges c set members_count = (select count(*) from challenge_members m where m.challenge_id = c.id);
