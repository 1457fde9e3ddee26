import { ACTIVITY_CATALOG } from '@warriors/contracts';
import { relativeTime } from '../../lib/relative-time';
import { useLogFailure } from '../../lib/use-log-failure';
import { useNow } from '../../lib/use-now';
import { useGetRecentActivitiesQuery } from './api';
import './activity.css';
import { ACTIVITY_ICONS, Icon } from '../../components/icons';

const FEED_POLL_MS = 30_000;

/** The 20 newest logs across the arena, with how long ago each landed. */
export function ShotsFired() {
  const now = useNow(FEED_POLL_MS);
  const { data: activities = [], isLoading, error } = useGetRecentActivitiesQuery(undefined, { pollingInterval: FEED_POLL_MS });
  useLogFailure(error, 'Failed to fetch activities');

  if (isLoading) return <p className="muted">Loading activity...</p>;
  if (activities.length === 0) return <p className="empty-state">No activity yet. Be the first to make a move!</p>;
  return (
    <ul className="feed row-list">
      {activities.map((activity, index) => {
        const { label } = ACTIVITY_CATALOG[activity.activity_type];
        return (
          // The feed has no ids: the same user may log the same type in the same second.
          <li key={`${activity.user_id}-${activity.created_at}-${index}`} className="feed__item">
            <span className="feed__icon">
              <Icon icon={ACTIVITY_ICONS[activity.activity_type]} />
            </span>
            <div className="feed__body">
              <p>
                <strong>{activity.name || activity.username}</strong> {label}
              </p>
              <p className="feed__meta">
                <span className="feed__points">+{activity.points} pts</span> · {relativeTime(activity.created_at, now)}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
