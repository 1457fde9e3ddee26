import { localDate, type LeaderboardWindow } from '@warriors/contracts';
import type { Clock } from '@warriors/kit';
import type { Leaderboards } from './leaderboards';

/** Some users' ranks on a board window, for social's Shots Fired rows: "today" is the viewer's local date in `timezone`. */
export function getRanks({ leaderboards, clock }: { leaderboards: Leaderboards; clock: Clock }) {
  return (userIds: readonly string[], window: LeaderboardWindow, timezone: string): Promise<Record<string, number | null>> =>
    leaderboards.ranks(userIds, window, localDate(clock.now(), timezone));
}
