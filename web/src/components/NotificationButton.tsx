import type { ReactNode } from 'react';
import { Icon, type LucideIcon } from './icons/icon';
import './NotificationButton.css';

interface NotificationButtonProps {
  icon: LucideIcon;
  text: string;
  /** What follows the text on its second line (who, when); read or unread is added after it. */
  meta: ReactNode;
  read: boolean;
  onClick: () => void;
}

/** One clickable line of the bell: an icon, the text, and a line of when and whether it was read. */
export function NotificationButton({ icon, text, meta, read, onClick }: NotificationButtonProps) {
  return (
    <button type="button" className="notification-line notification-button" onClick={onClick}>
      <span className="notification-line__icon">
        <Icon icon={icon} />
      </span>
      <span className="notification-line__body">
        <span className="notification-line__text">{text}</span>
        <span className="notification-line__meta">
          {meta}
          {read ? ' · Read' : <span className="visually-hidden"> · Unread</span>}
        </span>
      </span>
    </button>
  );
}
