import type { MailDigestSocialReply } from '@warriors/contracts';
import { unreadSince } from '../store/nudges.store';
import type { Executor } from '../store/schema';
import type { Push } from './push';

/**
 * What the mail service's daily digest needs of social: the nudges the broker has not read that came
 * after `since`, and whether they have a push device (the digest is for those who were not pushed).
 */
export function getMailDigest(deps: { db: Executor; push: Pick<Push, 'hasDevice'> }) {
  const { db, push } = deps;
  return async (userId: string, since: string): Promise<MailDigestSocialReply> => {
    const after = new Date(since);
    // A text that is no instant has no nudges after it: it never reaches SQL.
    const unread = Number.isNaN(after.getTime()) ? [] : await unreadSince(db, userId, after);
    return {
      has_push_device: await push.hasDevice(userId),
      nudges: unread.map((nudge) => ({ from_name: nudge.from_name, type: nudge.type, message: nudge.message, created_at: nudge.created_at })),
    };
  };
}
