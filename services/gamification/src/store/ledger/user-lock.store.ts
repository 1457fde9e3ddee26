import { lockKey as takeLock } from '@warriors/kit';
import type { Executor } from '../schema';

/**
 * Serializes one user's activities: badge rules read the user's totals, and two concurrent
 * transactions reading before either commits would both miss the 50th call.
 */
export const lockKey = (userId: string) => `gamification:${userId}`;

/** Takes a user's lock for the rest of the transaction (see lockKey). */
export const lockUser = (trx: Executor, userId: string): Promise<void> => takeLock(trx, lockKey(userId));
