import type { ChallengeInvite, Kudos, Nudge, RecapNotice } from '@warriors/contracts';
import { parseServerTime } from '../lib/relative-time';

/** Spec point 4: the bell refreshes every 30 seconds. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** One line of the bell: each kind of notification is a member of this union. */
export type AppNotification =
  | { kind: 'challenge_invite'; id: string; createdAt: string; unread: true; invite: ChallengeInvite }
  | { kind: 'nudge'; id: string; createdAt: string; unread: boolean; nudge: Nudge }
  | { kind: 'weekly_recap'; id: string; createdAt: string; unread: boolean; notice: RecapNotice }
  | { kind: 'kudos'; id: string; createdAt: string; unread: boolean; kudos: Kudos };

/**
 * Every notification, newest first (spec point 4): a challenge invite is always unread until accepted or
 * declined; a nudge, the weekly recap and kudos are unread until clicked.
 */
export function notificationsFrom(
  invites: readonly ChallengeInvite[],
  nudges: readonly Nudge[],
  recaps: readonly RecapNotice[] = [],
  kudos: readonly Kudos[] = [],
): AppNotification[] {
  const items: AppNotification[] = [
    ...invites.map((invite) => ({ kind: 'challenge_invite' as const, id: `invite-${invite.invite_id}`, createdAt: invite.created_at, unread: true as const, invite })),
    ...nudges.map((nudge) => ({ kind: 'nudge' as const, id: `nudge-${nudge.id}`, createdAt: nudge.created_at, unread: !nudge.is_read, nudge })),
    ...recaps.map((notice) => ({ kind: 'weekly_recap' as const, id: `recap-${notice.id}`, createdAt: notice.created_at, unread: !notice.is_read, notice })),
    ...kudos.map((one) => ({ kind: 'kudos' as const, id: `kudos-${one.id}`, createdAt: one.created_at, unread: !one.is_read, kudos: one })),
  ];
  return items.sort((a, b) => parseServerTime(b.createdAt).getTime() - parseServerTime(a.createdAt).getTime());
}

export const unreadCount = (items: readonly AppNotification[]): number => items.filter((item) => item.unread).length;
