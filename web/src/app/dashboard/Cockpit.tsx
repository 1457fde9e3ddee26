import type { User } from '@warriors/contracts';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { LEADERBOARD_POLL_MS, useGetLeaderboardQuery, useGetMyStandingQuery } from '../../features/leaderboard';
import { freezeFact, nextRankFact, streakFact, type CockpitFact } from './cockpit';

/**
 * A tile's fact, or its empty place: the facts come with today's standing, often after the tiles' first
 * paint, and a place kept for them stops the panels below from jumping down when they arrive.
 */
function Fact({ fact }: { fact: CockpitFact | null }) {
  if (!fact) return <p className="stat__fact" aria-hidden="true" />;
  return (
    <p className={fact.urgent ? 'stat__fact stat__fact--urgent' : 'stat__fact'}>
      <Icon icon={fact.urgent ? UI_ICONS.timeLeft : UI_ICONS.active} size={14} />
      <span>{fact.text}</span>
    </p>
  );
}

/** The streak's freezes, under its safety fact. */
function FreezeFact({ user }: { user: User | null }) {
  const text = user && freezeFact(user.streak_protected, user.streak_freezes);
  if (!text) return null;
  return (
    <p className="stat__fact">
      <Icon icon={UI_ICONS.streakFreeze} size={14} />
      <span>{text}</span>
    </p>
  );
}

interface CockpitProps {
  user: User | null;
  now: Date;
  onShowBadges: () => void;
  onShowBoard: () => void;
}

/** The morning's first facts: the streak and whether it is at risk, today's rank and who to pass, the badges. */
export function Cockpit({ user, now, onShowBadges, onShowBoard }: CockpitProps) {
  const { data: standing } = useGetMyStandingQuery('today', { pollingInterval: LEADERBOARD_POLL_MS });
  const { data: rows = [] } = useGetLeaderboardQuery('today', { pollingInterval: LEADERBOARD_POLL_MS });
  const streakDays = user?.streak_days ?? 0;
  const rank = standing?.rank;
  return (
    <div className="stat-strip" role="group" aria-label="Your standing">
      <div className="stat stat--streak">
        <span className="stat__main">
          <span className="stat__value">{streakDays}</span>
          <span className="stat__label">Day streak</span>
        </span>
        <Fact fact={user ? streakFact(streakDays, standing?.points, now, user.timezone, user.streak_mode) : null} />
        <FreezeFact user={user} />
      </div>
      <div className="stat stat--rank">
        <button type="button" className="stat__main stat__main--button" onClick={onShowBoard}>
          <span className="stat__value">{rank != null ? `#${rank}` : '—'}</span>
          <span className="stat__label">Today's rank</span>
        </button>
        <Fact fact={nextRankFact(standing, rows)} />
      </div>
      <div className="stat stat--badges">
        <button type="button" className="stat__main stat__main--button" onClick={onShowBadges}>
          <span className="stat__value">{user?.badges.length ?? 0}</span>
          <span className="stat__label">Badges earned</span>
        </button>
      </div>
    </div>
  );
}
