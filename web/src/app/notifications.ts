import type { ChallengeInvite } from '@warriors/contracts';
import { parseServerTime } from '../lib/relative-time';

/** Spec point 4: the bell refreshes every 30 seconds. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/**
 * One line of the bell. Each kind of notification is a member of this union; nudges join it as their own
 * kind (with unread going to false once read), and `notificationsFrom` merges them in.
 */
export type AppNotification = { kind: 'challenge_invite'; id: string; createdAt: string; unread: true; invite: ChallengeInvite };

/** Every notification, newest first; a challenge invite is always unread until accepted or declined. */
export function notificationsFrom(invites: readonly ChallengeInvite[]): AppNotification[] {
  const items: AppNotification[] = invites.map((invite) => ({ kind: 'challenge_invite', id: `invite-${invite.invite_id}`, createdAt: invite.created_at, unread: true, invite }));
  return items.sort((a, b) => parseServerTime(b.createdAt).getTime() - parseServerTime(a.createdAt).getTime());
}

export const unreadCount = (items: readonly AppNotification[]): number => items.filter((item) => item.unread).length;
