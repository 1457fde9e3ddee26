import { z } from 'zod';

/** Longest picture URL: the path, a UUID and a version of up to ten digits, with room to spare. */
export const PICTURE_URL_MAX_LENGTH = 120;

/**
 * Where a user's profile picture is served: the version changes with every upload, so the answer
 * can be cached for good and a new upload is a new URL (no browser or CDN shows the old one).
 */
export const profilePictureUrl = (userId: string, version: number): string => `/api/users/${userId}/picture?v=${version}`;

/**
 * `profile_picture` wherever it travels (responses, events, projections): the picture's URL, never
 * its bytes. A data URL here once grew an event past the broker's 1 MiB limit and a public
 * leaderboard to megabytes; the bounded length makes that impossible.
 */
export const PictureUrl = z
  .string()
  .max(PICTURE_URL_MAX_LENGTH)
  .regex(/^\/api\/users\/[0-9a-f-]{36}\/picture\?v=\d{1,10}$/, 'Must be a profile picture URL (/api/users/{id}/picture?v=N)');

/** `?v=` of GET /api/users/{id}/picture: the version the URL was made for. */
export const PictureQuery = z.object({
  v: z
    .string()
    .regex(/^\d{1,10}$/, 'v must be a picture version')
    .optional(),
});
