-- Verified addresses, pending address changes and revocable sessions (issue 40; docs/decisions.md,
-- "Mail"). credential_version goes in every token as `cv`: raising it refuses every older token.
alter table users add column email_verified boolean not null default false;
alter table users add column pending_email text;
alter table users add column credential_version integer not null default 0;
