import type { RecapNotice } from '@warriors/contracts';
import { NotificationButton } from '../../components/NotificationButton';
import { RECAP_ICONS } from '../../components/icons/recap-icons';
import { relativeTime } from '../../lib/relative-time';
import { useMarkRecapNoticeReadMutation } from './api';
import { weekLabel } from './recap-rules';

/** The bell's weekly recap line: a click opens the recap and marks the line read (a failure is only logged and undone). */
export function RecapNoticeItem({ notice, now, onOpen }: { notice: RecapNotice; now: Date; onOpen: () => void }) {
  const [markRead] = useMarkRecapNoticeReadMutation();

  const onClick = () => {
    onOpen();
    if (notice.is_read) return;
    markRead(notice.id)
      .unwrap()
      .catch((error: unknown) => console.error('Failed to mark the recap notice as read', error));
  };

  return (
    <NotificationButton
      icon={RECAP_ICONS.recap}
      text={`Your weekly recap is ready: ${weekLabel(notice.week)}`}
      meta={relativeTime(notice.created_at, now)}
      read={notice.is_read}
      onClick={onClick}
    />
  );
}
