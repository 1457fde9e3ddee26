-- Runs with search_path set to the challenges schema.

-- Who declined an invite to which challenge: that challenge does not invite them again (by id or by
-- email), so a host cannot re-send an invite after every decline. Gone with the challenge or the user.
create table challenge_declines (
  challenge_id integer not null references challenges (id) on delete cascade,
  user_id text not null,
  declined_at timestamptz not null,
  primary key (challenge_id, user_id)
);
create index challenge_declines_user on challenge_declines (user_id);
