-- The links of account mails (password reset, address verification and change): only a hash of each
-- token is kept, so the table alone opens no account. A token is single use (used_at) and expires.
create table account_tokens (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('reset', 'verify', 'email_change')),
  -- The address the link proves: the account's at sign-up, the new one for a change.
  email text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index account_tokens_by_user on account_tokens (user_id, purpose, created_at);

-- 'Forgot password?' requests by address (a hash of it, known or not), for the per-address limit.
create table password_reset_requests (
  id bigserial primary key,
  email_hash text not null,
  requested_at timestamptz not null
);
create index password_reset_requests_by_email on password_reset_requests (email_hash, requested_at);
