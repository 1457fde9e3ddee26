-- Runs with search_path set to the social schema.

-- When a line was stored, beside when what it tells happened (created_at): a line made from an event
-- that reached social late (a consumer catching up, a redelivery) is stored long after it happened,
-- and an instance that was cut off from the live subject replays the lines stored while it was away.
-- Lines stored before this column existed take the migration's time: they are older than any outage
-- a running instance could still replay.
alter table pulse_events add column stored_at timestamptz not null default now();
create index pulse_events_stored on pulse_events (stored_at);
