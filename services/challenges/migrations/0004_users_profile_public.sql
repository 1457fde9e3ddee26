-- Runs with search_path set to the challenges schema.

-- The public invitation shows a host with a private profile by username only, as social's public
-- profile does. A fresh schema has the column from kit's consumer tables already. Rows projected before
-- this migration count as private until the user's next user.updated: a name is never shown on a guess.
alter table users add column if not exists profile_public boolean not null default false;
