import { nudgeMessage, personName, type Nudge } from '@warriors/contracts';
import { relativeTime } from '../../lib/relative-time';
import { useMarkNudgeReadMutation } from './api';
import './nudge-item.css';
import { Icon } from '../../components/icons/icon';
import { NUDGE_ICONS } from '../../components/icons/pulse-icons';

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
    <button type="button" className="nudge-item" onClick={() => void onClick()}>
      <span className="nudge-item__icon">
        <Icon icon={NUDGE_ICONS[nudge.type]} />
      </span>
      <span className="nudge-item__body">
        <span className="nudge-item__text">{nudgeMessage(nudge.type, personName(nudge.from_name, nudge.from_username))}</span>
        <span className="nudge-item__meta">
          @{nudge.from_username} · {relativeTime(nudge.created_at, now)}
          {nudge.is_read ? ' · Read' : <span className="visually-hidden"> · Unread</span>}
        </span>
      </span>
    </button>
  );
}
