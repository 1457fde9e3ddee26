import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser } from '../../lib/session';
import { LEADERBOARD_POLL_MS, ResetCountdown, useGetMyStandingQuery } from '../leaderboard';
import './stats.css';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { counted, enUsNumber } from '../../lib/counted';

/** Streak, today's rank and the gap to the next one, total points and the daily reset. */
export function StatsHeader({ totalPoints }: { totalPoints: number | undefined }) {
  const user = useAppSelector(selectCurrentUser);
  const { data: standing } = useGetMyStandingQuery('today', { pollingInterval: LEADERBOARD_POLL_MS });
  const streak = user?.streak_days ?? 0;
  return (
    <dl className="stats-header">
      <div className="stats-header__item">
        <dt>Day streak</dt>
        <dd>
          <Icon icon={UI_ICONS.streak} /> {counted(streak, 'day')}
        </dd>
      </div>
      <div className="stats-header__item">
        <dt>Today's rank</dt>
        <dd>
          {standing?.rank ? `#${standing.rank}` : '—'}
          {standing?.gap_to_next ? <span className="stats-header__note">{counted(standing.gap_to_next, 'pt')} behind the next rank</span> : null}
        </dd>
      </div>
      <div className="stats-header__item">
        <dt>Total points</dt>
        <dd>{totalPoints === undefined ? '—' : enUsNumber(totalPoints)}</dd>
      </div>
      <div className="stats-header__item">
        <dt>Time to reset</dt>
        <dd>
          <ResetCountdown />
        </dd>
      </div>
    </dl>
  );
}
