-- A challenge with activity goals ranks its members on the points of the goals' types only (issue 41,
-- docs/decisions.md "A challenge with activity goals ranks on them"). Scores written before: the
-- credits of other types keep their units and lose their points (so a deletion takes back what the
-- score now holds), and each member's points become their goal types' units at the catalog's points
-- (packages/contracts/src/activity-catalog.ts as of this migration: a credit's points were always its
-- units at those points). The service rebuilds the boards once after applying this file (service.ts).
create temporary table goal_ranking_catalog (activity_type text primary key, points integer not null) on commit drop;
insert into goal_ranking_catalog values
  ('cold_call', 1),
  ('live_conversation', 3),
  ('email', 1),
  ('meeting', 10),
  ('doorknock', 3),
  ('direct_mail', 2),
  ('referral_source_call', 2),
  ('past_client', 2),
  ('thank_you_card', 2),
  ('social_media', 1),
  ('newsletter_sent', 3),
  ('property_tour', 8),
  ('coffee_meeting', 5),
  ('listing_presentation', 15),
  ('deal_closed', 50),
  ('referral_received', 5);

update challenge_credits cr set points = 0
from challenges c
where c.id = cr.challenge_id and c.activity_goals <> '{}'::jsonb
  and cr.activity_type is not null and (c.activity_goals -> cr.activity_type) is null and cr.points <> 0;

update challenge_members m set points = coalesce((
    select sum(coalesce((m.counts ->> g.key)::int, 0) * cat.points)
    from jsonb_each(c.activity_goals) g join goal_ranking_catalog cat on cat.activity_type = g.key
  ), 0)
from challenges c
where c.id = m.challenge_id and c.activity_goals <> '{}'::jsonb;
