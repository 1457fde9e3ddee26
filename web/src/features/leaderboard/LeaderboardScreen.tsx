import { useId, useState } from 'react';
import { personName, type LeaderboardWindow } from '@warriors/contracts';
import { useAppSelector } from '../../lib/hooks';
import { Avatar } from '../../components/Avatar';
import { PageHeader } from '../../components/PageHeader';
import { PromoBanner } from '../../components/PromoBanner';
import { Panel } from '../../components/Panel';
import { tabId, Tabs } from '../../components/Tabs';
import { useLogFailure } from '../../lib/use-log-failure';
import { useNow } from '../../lib/use-now';
import { selectCurrentUser } from '../../lib/session';
import { ResetCountdown } from './ResetCountdown';
import { useGetLeaderboardQuery, useGetMyStandingQuery } from './api';
import { LEADERBOARD_POLL_MS } from './CompactLeaderboard';
import { isActive, showsRankSummary, WINDOW_PHRASES, WINDOW_TABS } from './leaderboard-rules';
import { useProfilePopup } from './use-profile-popup';
import './leaderboard.css';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { RankMark } from '../../components/icons/awards';
import { counted, enUsNumber } from '../../lib/counted';

/** How often the Active/Offline status is re-judged against the clock. */
const STATUS_REFRESH_MS = 30_000;

function RankSummary({ period }: { period: LeaderboardWindow }) {
  const { data: standing } = useGetMyStandingQuery(period, { pollingInterval: LEADERBOARD_POLL_MS });
  if (!showsRankSummary(standing)) return null;
  return (
    <aside className="rank-summary" aria-label="Your standing">
      <p className="rank-summary__rank">
        You're #{standing.rank} {WINDOW_PHRASES[period]} with {counted(standing.points, 'point')}.
      </p>
      {standing.gap_to_next != null && (
        <p>
          {counted(standing.gap_to_next, 'point')} to pass #{standing.rank - 1}.
        </p>
      )}
    </aside>
  );
}

function StatusCell({ active }: { active: boolean }) {
  return (
    <span className={`status status--${active ? 'active' : 'offline'}`}>
      <Icon icon={active ? UI_ICONS.active : UI_ICONS.offline} size={16} />
      <span className="status__text">{active ? 'Active' : 'Offline'}</span>
    </span>
  );
}

function LeaderboardTable({ period }: { period: LeaderboardWindow }) {
  const viewer = useAppSelector(selectCurrentUser);
  const now = useNow(STATUS_REFRESH_MS);
  const { data: rows = [], isLoading, error } = useGetLeaderboardQuery(period, { pollingInterval: LEADERBOARD_POLL_MS });
  useLogFailure(error, 'Failed to fetch leaderboard');
  const profile = useProfilePopup();

  if (isLoading) return <p className="muted">Loading leaderboard...</p>;
  if (rows.length === 0) return <p className="empty-state">No leaderboard data yet</p>;
  return (
    <div className="table-wrap">
      <table className="board-table">
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">
              <span className="visually-hidden">Avatar</span>
            </th>
            <th scope="col">Warrior</th>
            <th scope="col" className="board-table__points">
              Points
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const name = personName(row.name, row.username);
            const isViewer = row.id === viewer?.id;
            return (
              <tr key={row.id} className={isViewer ? 'board-table__you' : undefined}>
                <td className="board-table__rank" aria-label={`Rank ${row.rank}`}>
                  <RankMark rank={row.rank} />
                </td>
                <td className="board-table__avatar">
                  <Avatar name={row.name || row.username} picture={row.profile_picture} size="sm" />
                </td>
                <td className="board-table__name">
                  <button type="button" className="name-button" onClick={() => profile.open(row.id, name)}>
                    {name}
                  </button>
                  {isViewer && <span className="you-tag"> (You)</span>}
                </td>
                <td className="board-table__points">{enUsNumber(row.points)}</td>
                <td>
                  <StatusCell active={isActive(row, viewer?.id, now)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {profile.popup}
    </div>
  );
}

export default function LeaderboardScreen() {
  const [period, setPeriod] = useState<LeaderboardWindow>('today');
  const panelId = useId();

  return (
    <>
      <PageHeader title="Leaderboard" subtitle="The top 20 warriors, updated as the shots land." />
      <Panel>
        <div className="board-toolbar">
          <Tabs label="Leaderboard period" tabs={WINDOW_TABS} selected={period} onSelect={setPeriod} panelId={panelId} />
          {period === 'today' && <ResetCountdown />}
        </div>
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(panelId, period)} className="stack">
          <LeaderboardTable period={period} />
          <RankSummary period={period} />
        </div>
      </Panel>
      <PromoBanner />
    </>
  );
}
