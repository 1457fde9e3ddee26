import { projectUsers } from '@warriors/kit';
import { SCHEMA } from './schema';

/** The digests greet the broker by name and follow their local week and morning. */
export const projectedUsers = projectUsers({ schema: SCHEMA, columns: ['name', 'timezone'], lockKey: (userId) => `mail:user:${userId}` });
