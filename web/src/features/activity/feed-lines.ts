import type { RecentActivity } from '@warriors/contracts';

/**
 * One line of Shots Fired: a run of one broker's entries of one type, told as one; its quantity and
 * points are the run's (a bulk entry counts its quantity), its time the newest entry's.
 */
export type FeedLine = Pick<RecentActivity, 'user_id' | 'name' | 'username' | 'activity_type' | 'quantity' | 'points' | 'created_at'> & { key: string };

/**
 * The feed (newest first) with each run of consecutive entries by the same broker and type merged, so
 * five cold calls in a row read 'Sam W. 5 Cold Calls' and leave room for everyone else.
 */
export function groupFeed(rows: readonly RecentActivity[]): FeedLine[] {
  const lines: FeedLine[] = [];
  for (const row of rows) {
    const last = lines.at(-1);
    if (last && last.user_id === row.user_id && last.activity_type === row.activity_type) {
      last.quantity += row.quantity;
      last.points += row.points;
      continue;
    }
    const { user_id, name, username, activity_type, quantity, points, created_at } = row;
    // The feed has no ids: a line's position makes its key unique.
    lines.push({ key: `${user_id}-${activity_type}-${created_at}-${lines.length}`, user_id, name, username, activity_type, quantity, points, created_at });
  }
  return lines;
}
