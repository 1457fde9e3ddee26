import { ACTIVE_WINDOW_MINUTES, LEADERBOARD_SIZE, type LeaderboardRow, type LeaderboardWindow, type MyStanding } from '@warriors/contracts';
import { parseServerTime } from '../../lib/relative-time';

export const WINDOW_TABS: { id: LeaderboardWindow; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: '7d', label: '7 Days' },
  { id: 'alltime', label: 'All-Time' },
];

/** How a window reads inside a sentence: 'You're #24 today'. */
export const WINDOW_PHRASES: Record<LeaderboardWindow, string> = {
  today: 'today',
  '7d': 'over the last 7 days',
  alltime: 'all-time',
};

/** Active if it is the viewer, or their last activity is under 10 minutes old (spec point 4). */
export function isActive(row: Pick<LeaderboardRow, 'id' | 'last_activity_date'>, viewerId: string | undefined, now: Date): boolean {
  if (row.id === viewerId) return true;
  if (!row.last_activity_date) return false;
  const elapsed = now.getTime() - parseServerTime(row.last_activity_date).getTime();
  return elapsed < ACTIVE_WINDOW_MINUTES * 60_000;
}

/** Ranks within the top 20 are on the board already; only a rank beyond it needs the summary. */
export function showsRankSummary(standing: MyStanding | undefined): standing is MyStanding & { rank: number } {
  return standing?.rank != null && standing.rank > LEADERBOARD_SIZE;
}

/** Time left until the next local midnight, when the daily board resets. */
export function msUntilLocalMidnight(now: Date): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return midnight.getTime() - now.getTime();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** hh:mm:ss, rounding down to whole seconds. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
