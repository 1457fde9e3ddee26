import { nudgeMessage, personName, type Nudge } from '@warriors/contracts';
import { NotificationButton } from '../../components/NotificationButton';
import { NUDGE_ICONS } from '../../components/icons/pulse-icons';
import { relativeTime } from '../../lib/relative-time';
import { useMarkNudgeReadMutation } from './api';

/** One nudge in the bell: clicking an unread one marks it read (a failure is only logged and undone). */
export function NudgeItem({ nudge, now }: { nudge: Nudge; now: Date }) {
  const [markRead] = useMarkNudgeReadMutation();

  const onClick = async () => {
    if (nudge.is_read) return;
    try {
      await markRead(nudge.id).unwrap();
    } catch (error) {
      console.error('Failed to mark nudge as read', error);
    }
  };

  return (
    <NotificationButton
      icon={NUDGE_ICONS[nudge.type]}
      text={nudgeMessage(nudge.type, personName(nudge.from_name, nudge.from_username))}
      meta={`@${nudge.from_username} · ${relativeTime(nudge.created_at, now)}`}
      read={nudge.is_read}
      onClick={() => void onClick()}
    />
  );
}
