-- Runs with search_path set to the social schema.

-- A challenge line (started or joined) names its challenge and the UTC date of what it tells: a user
-- gets at most one line per challenge and day. The unique index is the rule, so it holds whichever
-- social instance makes the line; other lines leave both columns null and are not limited.
alter table pulse_events add column challenge_id integer;
alter table pulse_events add column challenge_date date;
create unique index pulse_events_one_challenge_line_a_day on pulse_events (user_id, challenge_id, challenge_date) where challenge_id is not null;
