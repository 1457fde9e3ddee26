-- Profile pictures are served by auth at /api/users/{id}/picture?v=N and user events carry that URL.
-- Projections written before kept the picture itself as a data URL (up to 7 MB a row, copied into
-- answers); they forget it here, and auth's user.updated for each moved picture brings the URL.
update users set profile_picture = null where profile_picture like 'data:%';
