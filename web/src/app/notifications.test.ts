import type { ChallengeInvite, Nudge } from '@warriors/contracts';
import { recapNotice } from '../../test/fixtures';
import { notificationsFrom, unreadCount } from './notifications';

const invite = (id: string, createdAt: string): ChallengeInvite => ({
  invite_id: id,
  from_name: 'Bob Stone',
  from_username: 'bob',
  challenge_name: `Fight ${id}`,
  challenge_id: 7,
  created_at: createdAt,
});

const nudge = (id: string, createdAt: string, isRead = false): Nudge => ({
  id,
  type: 'cheer',
  from_name: 'Maria Lopez',
  from_username: 'maria',
  message: 'Maria Lopez is cheering you on!',
  created_at: createdAt,
  is_read: isRead,
});

describe('notificationsFrom', () => {
  it('merges invites and nudges newest first, reading zoneless times as UTC', () => {
    const items = notificationsFrom(
      [invite('i-1', '2026-11-24T09:00:00Z'), invite('i-2', '2026-11-24T11:00:00Z')],
      [nudge('n-1', '2026-11-24T10:00:00'), nudge('n-2', '2026-11-24T12:00:00Z')],
    );
    expect(items.map((item) => item.id)).toEqual(['nudge-n-2', 'invite-i-2', 'nudge-n-1', 'invite-i-1']);
  });

  it('counts invites and unread nudges as unread, never read nudges', () => {
    const items = notificationsFrom([invite('i-1', '2026-11-24T09:00:00Z')], [nudge('n-1', '2026-11-24T10:00:00Z'), nudge('n-2', '2026-11-24T11:00:00Z', true)]);
    expect(items.map((item) => item.unread)).toEqual([false, true, true]);
    expect(unreadCount(items)).toBe(2);
  });

  it('puts the weekly recap among them, unread until opened', () => {
    const items = notificationsFrom(
      [],
      [nudge('n-1', '2026-03-09T10:00:00Z')],
      [recapNotice({ created_at: '2026-03-09T14:00:00Z' }), recapNotice({ id: '2026-02-23', created_at: '2026-03-02T09:00:00Z', is_read: true })],
    );
    expect(items.map((item) => [item.id, item.unread])).toEqual([
      ['recap-2026-03-02', true],
      ['nudge-n-1', true],
      ['recap-2026-02-23', false],
    ]);
  });
});
