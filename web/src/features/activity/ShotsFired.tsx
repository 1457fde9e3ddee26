import { ACTIVITY_CATALOG, localDate, personName } from '@warriors/contracts';
import { activityCount, counted } from '../../lib/counted';
import { parseServerTime, relativeTime } from '../../lib/relative-time';
import { useLogFailure } from '../../lib/use-log-failure';
import { useNow } from '../../lib/use-now';
import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser } from '../../lib/session';
import { useGetRecentActivitiesQuery } from './api';
import { DeleteEntryButton } from './DeleteEntryButton';
import { KudosControl } from './Kudos';
import { groupFeed } from './feed-lines';
import './activity.css';
import { ACTIVITY_ICONS } from '../../components/icons/activity-icons';
import { Icon } from '../../components/icons/icon';
import { ShowMoreButton, useShowMore } from '../../components/ShowMore';

const FEED_POLL_MS = 30_000;

/**
 * The 20 newest logs across the arena, runs of one broker's entries of one type merged, with how long
 * ago each landed and their kudos (given here to others' lines, counted on one's own); the broker's own
 * lines of their day can be deleted.
 */
export function ShotsFired() {
  const user = useAppSelector(selectCurrentUser);
  const now = useNow(FEED_POLL_MS);
  const { data: activities = [], isLoading, error } = useGetRecentActivitiesQuery(undefined, { pollingInterval: FEED_POLL_MS });
  useLogFailure(error, 'Failed to fetch activities');
  const { shown, toggle } = useShowMore(groupFeed(activities));

  if (isLoading) return <p className="muted">Loading activity...</p>;
  if (activities.length === 0) return <p className="empty-state">No activity yet. Be the first to make a move!</p>;
  return (
    <>
      <ul className="feed row-list">
        {shown.map((line) => {
          const { label } = ACTIVITY_CATALOG[line.activity_type];
          return (
            <li key={line.key} className="feed__item">
              <span className="feed__icon">
                <Icon icon={ACTIVITY_ICONS[line.activity_type]} />
              </span>
              <div className="feed__body">
                <p>
                  <strong>{personName(line.name, line.username)}</strong> {line.quantity > 1 ? activityCount(line.quantity, line.activity_type) : label}
                </p>
                <p className="feed__meta">
                  <span className="feed__points">+{counted(line.points, 'pt')}</span> · {relativeTime(line.created_at, now)}
                </p>
              </div>
              <KudosControl line={line} own={line.user_id === user?.id} />
              {user && line.user_id === user.id && localDate(parseServerTime(line.created_at), user.timezone) === localDate(now, user.timezone) && (
                <DeleteEntryButton line={line} />
              )}
            </li>
          );
        })}
      </ul>
      <ShowMoreButton {...toggle} />
    </>
  );
}
