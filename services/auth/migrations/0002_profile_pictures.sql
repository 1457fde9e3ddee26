-- A picture is its own resource, stored once and served at /api/users/{id}/picture?v={version};
-- users.profile_picture and every event carry that URL instead of the bytes (a data URL of more than
-- about 768 KB made user.updated exceed the broker's 1 MiB limit and blocked every later event).
create table profile_pictures (
  user_id uuid primary key references users (id) on delete cascade,
  -- Raised by each upload: the URL changes with it, so a cached old picture is never shown.
  version integer not null,
  -- Read from the bytes' magic numbers at upload, never the client's label.
  mime text not null,
  bytes bytea not null,
  updated_at timestamptz not null
);

-- Pictures stored before as data URLs (already re-labelled with their detected type at upload).
insert into profile_pictures (user_id, version, mime, bytes, updated_at)
select id, 1, substring(profile_picture from '^data:([a-z/+.-]+);base64,'), decode(substring(profile_picture from position(',' in profile_picture) + 1), 'base64'), updated_at
from users
where profile_picture like 'data:%';

-- The other services still hold those data URLs in their projections: auth publishes user.updated
-- with the URL for each of these users at start (AccountsDeps.announceMovedPictures), then forgets them.
create table moved_pictures_to_announce (
  user_id uuid primary key references users (id) on delete cascade
);
insert into moved_pictures_to_announce (user_id) select user_id from profile_pictures;

update users set profile_picture = '/api/users/' || id || '/picture?v=1' where profile_picture like 'data:%';
