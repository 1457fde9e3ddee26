import { projectUsers } from '@warriors/kit';
import { SCHEMA } from './schema';

/**
 * Coaching keeps no user fields, only kit's consumer tables: the inbox of user events applied and the
 * tombstones of deleted accounts, so an answer made while its user was being deleted is not kept.
 */
export const projectedUsers = projectUsers({ schema: SCHEMA, columns: [], lockKey: (userId) => `coaching:user:${userId}` });
