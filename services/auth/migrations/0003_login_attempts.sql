-- Login attempts per email for the per-account limit (docs/decisions.md, "Login attempts per account").
-- A row is written before the password check and removed when the password matches, so concurrent
-- attempts count each other and the rows left are the failures. Rows older than the window are pruned
-- as attempts come in. Keyed by the email as typed (normalised), known account or not, so the limit
-- answers the same for an address that has no account and does not reveal which ones do.
create table login_attempts (
  id bigint generated always as identity primary key,
  email text not null,
  attempted_at timestamptz not null
);
create index login_attempts_email_at on login_attempts (email, attempted_at);
create index login_attempts_at on login_attempts (attempted_at);
