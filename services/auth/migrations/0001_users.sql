-- The migration runs with search_path set to the auth schema. Uniqueness lives in the database so
-- concurrent signups cannot both win: the service retries a username on users_username_key and
-- answers 'Email already registered' on users_email_key.
create table users (
  id uuid primary key,
  email text not null,
  username text not null,
  password_hash text not null,
  name text not null,
  phone text,
  company text,
  city text,
  state text,
  focus_area text not null,
  timezone text not null,
  bio text,
  specialty text,
  x_url text,
  profile_picture text,
  profile_public boolean not null default true,
  show_on_leaderboard boolean not null default true,
  show_in_battle_pulse boolean not null default true,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint users_email_key unique (email),
  constraint users_username_key unique (username)
);
