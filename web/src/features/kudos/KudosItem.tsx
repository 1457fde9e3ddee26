import { ACTIVITY_CATALOG, kudosMessage, personName, type Kudos } from '@warriors/contracts';
import { NotificationButton } from '../../components/NotificationButton';
import { UI_ICONS } from '../../components/icons/icon';
import { relativeTime } from '../../lib/relative-time';
import { useMarkKudosReadMutation } from './api';

/** Kudos on one of the user's entries, in the bell: clicking an unread one marks it read (a failure is only logged and undone). */
export function KudosItem({ kudos, now }: { kudos: Kudos; now: Date }) {
  const [markRead] = useMarkKudosReadMutation();

  const onClick = async () => {
    if (kudos.is_read) return;
    try {
      await markRead(kudos.id).unwrap();
    } catch (error) {
      console.error('Failed to mark kudos as read', error);
    }
  };

  return (
    <NotificationButton
      icon={UI_ICONS.kudos}
      text={kudosMessage(personName(kudos.from_name, kudos.from_username), ACTIVITY_CATALOG[kudos.activity_type].label)}
      meta={`@${kudos.from_username} · ${relativeTime(kudos.created_at, now)}`}
      read={kudos.is_read}
      onClick={() => void onClick()}
    />
  );
}
