import { personName, type LeaderboardWindow } from '@warriors/contracts';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { Avatar } from '../../components/Avatar';
import { paths } from '../../config/paths';
import { useLogFailure } from '../../lib/use-log-failure';
import { selectCurrentUser } from '../../lib/session';
import { useGetLeaderboardQuery } from './api';
import { useProfilePopup } from './use-profile-popup';
import './leaderboard.css';
import { RankMark } from '../../components/icons/awards';
import { counted } from '../../lib/counted';

export const LEADERBOARD_POLL_MS = 30_000;

/** The dashboard's top 20 for one period: rank, name, points, the viewer marked (You). */
export function CompactLeaderboard({ period }: { period: LeaderboardWindow }) {
  const viewer = useAppSelector(selectCurrentUser);
  const { data: rows = [], isLoading, error } = useGetLeaderboardQuery(period, { pollingInterval: LEADERBOARD_POLL_MS });
  useLogFailure(error, 'Failed to fetch leaderboard');
  const profile = useProfilePopup();

  if (isLoading) return <p className="muted">Loading leaderboard...</p>;
  return (
    <>
      {rows.length === 0 ? (
        <p className="empty-state">No one on the leaderboard yet. Be the first!</p>
      ) : (
        <ol className="board-list row-list">
          {rows.map((row) => {
            const name = personName(row.name, row.username);
            const isViewer = row.id === viewer?.id;
            return (
              <li key={row.id} className={`board-list__row${isViewer ? ' board-list__row--you' : ''}`}>
                <span className="board-list__rank" role="img" aria-label={`Rank ${row.rank}`}>
                  <RankMark rank={row.rank} />
                </span>
                <Avatar name={row.name || row.username} picture={row.profile_picture} size="sm" />
                <span className="board-list__name">
                  <button type="button" className="name-button" onClick={() => profile.open(row.id, name)}>
                    {name}
                  </button>
                  {isViewer && <span className="you-tag"> (You)</span>}
                </span>
                <span className="board-list__points">{counted(row.points, 'pt')}</span>
              </li>
            );
          })}
        </ol>
      )}
      <Link to={paths.leaderboard} className="board-link link-target">
        View full leaderboard
      </Link>
      {profile.popup}
    </>
  );
}
