import { z } from 'zod';
import { ActivityType } from './activity';

/** The details of kudos' answers (POST /api/recent-activities/{id}/kudos, POST /api/kudos/{id}/read). */
export const KUDOS_MESSAGES = {
  entryNotFound: 'Activity not found',
  ownEntry: 'You cannot give kudos to your own activity',
  kudosNotFound: 'Kudos not found',
} as const;

/** The {id} of /api/recent-activities/{id}/kudos: entry ids are UUIDs, so anything else names no entry (404). */
export const KudosEntryParams = z.object({ id: z.uuid() });
/** The {id} of /api/kudos/{id}/read. */
export const KudosIdParams = z.object({ id: z.uuid() });

/** The answer of POST /api/recent-activities/{id}/kudos: the entry's count after it, the same however often sent. */
export const KudosReply = z.object({
  id: z.string(),
  kudos: z.number().int().nonnegative(),
  kudos_given: z.literal(true),
});
export type KudosReply = z.infer<typeof KudosReply>;

/** Kudos someone gave to one of the caller's entries: a line of the bell (GET /api/kudos). */
export const Kudos = z.object({
  id: z.string(),
  entry_id: z.string(),
  activity_type: ActivityType,
  from_user_id: z.string(),
  from_name: z.string(),
  from_username: z.string(),
  created_at: z.string(),
  is_read: z.boolean(),
});
export type Kudos = z.infer<typeof Kudos>;

/** How many kudos GET /api/kudos lists, newest first. */
export const KUDOS_INBOX_SIZE = 50;
