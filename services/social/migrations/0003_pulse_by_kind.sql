-- Runs with search_path set to the social schema.

-- The pulse reads its newest nudge lines and its newest other lines apart (nudges fill at most a
-- quarter of it), so each read walks an index of its own kind instead of skipping the other's rows.
create index pulse_events_recent_nudges on pulse_events (created_at desc, id desc) where type = 'encourage';
create index pulse_events_recent_others on pulse_events (created_at desc, id desc) where type <> 'encourage';
