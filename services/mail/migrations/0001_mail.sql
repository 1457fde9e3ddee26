-- Runs with search_path set to the mail schema.

-- The queue: one row per mail, rendered when it was asked for and sent by one instance at a time
-- (leased_until). A row leaves 'queued' only as 'sent' or, on a permanent refusal or after the give-up
-- time, 'dead'; nothing deletes a queued row but its recipient's account deletion.
create table mails (
  id bigserial primary key,
  -- What asked for it (the mail.requested event id, or a digest's user, kind and period): one mail each.
  request_key text not null unique,
  kind text not null,
  recipient text not null,
  user_id text,
  -- Kept across retries, so a receiving server that took a copy before a dropped answer can tell.
  message_id text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  -- The link the mail is for (none for a notice), printed by the file transport.
  link text,
  headers jsonb not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'sent', 'dead')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  leased_until timestamptz,
  last_error text,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index mails_due on mails (next_attempt_at) where status = 'queued';
create index mails_user on mails (user_id);

-- The kinds a broker switched off or on (none: every kind on).
create table preferences (
  user_id text primary key,
  weekly_recap boolean not null,
  daily_digest boolean not null,
  invitations boolean not null,
  updated_at timestamptz not null
);

-- An address without an account that unsubscribed from a kind (an invited colleague).
create table suppressions (
  email text not null,
  kind text not null,
  suppressed_at timestamptz not null,
  primary key (email, kind)
);

-- A broker's address once they verified it: the digests go there, and an invitation to it follows
-- that broker's preference. verified_at is the event's time, so an older verification arriving late
-- does not bring back an address the broker changed since.
create table addresses (
  user_id text primary key,
  email text not null,
  verified_at timestamptz not null
);
create index addresses_email on addresses (email);

-- A digest considered for a broker and period (sent, or nothing to say): one instance, once.
create table digests (
  user_id text not null,
  kind text not null,
  period text not null,
  considered_at timestamptz not null,
  primary key (user_id, kind, period)
);

-- The key that signs unsubscribe links, made at first start and shared by every instance.
create table link_keys (
  name text primary key,
  secret bytea not null
);
