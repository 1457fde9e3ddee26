-- Kudos: one user's thumbs-up on someone else's Shots Fired entry, once per user and entry (the
-- primary key makes a repeated or racing POST give it once). Deleting the entry, or either account's
-- projection, deletes the kudos with it.
create table kudos (
  id uuid not null unique,
  entry_id uuid not null references activities (id) on delete cascade,
  giver_id text not null references users (user_id) on delete cascade,
  -- The entry's owner, copied from the entry: the bell reads a user's kudos by it without the join.
  recipient_id text not null references users (user_id) on delete cascade,
  created_at timestamptz not null,
  read_at timestamptz,
  primary key (entry_id, giver_id)
);

-- The bell: a user's kudos, newest first.
create index kudos_recipient_created_at on kudos (recipient_id, created_at desc);
-- A deleted giver's kudos go with their projection row (the foreign key's cascade looks them up).
create index kudos_giver on kudos (giver_id);
