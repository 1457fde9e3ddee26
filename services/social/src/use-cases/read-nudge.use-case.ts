import { SOCIAL_MESSAGES, type Nudge } from '@warriors/contracts';
import { notFound } from '@warriors/kit';
import { findReceivedNudge, markRead } from '../store/nudges.store';
import type { Executor } from '../store/schema';

/** Read by its recipient only: anyone else's, like an unknown id, is a 404 and changes nothing. */
export function readNudge(deps: { db: Executor }) {
  const { db } = deps;

  return async function read(userId: string, nudgeId: string): Promise<Nudge> {
    if (!(await markRead(db, nudgeId, userId))) throw notFound(SOCIAL_MESSAGES.nudgeNotFound);
    const nudge = await findReceivedNudge(db, nudgeId, userId);
    if (!nudge) throw notFound(SOCIAL_MESSAGES.nudgeNotFound);
    return nudge;
  };
}
