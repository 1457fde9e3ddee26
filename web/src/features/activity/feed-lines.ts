import type { RecentActivity } from '@warriors/contracts';

/**
 * One line of Shots Fired: a run of one broker's entries of one type, told as one; its quantity and
 * points are the run's (a bulk entry counts its quantity), its time the newest entry's. Its kudos are
 * the run's too: their sum, given when the viewer gave any of its entries kudos, and a new one goes
 * to the newest entry, `entryId`.
 */
export type FeedLine = Pick<RecentActivity, 'user_id' | 'name' | 'username' | 'activity_type' | 'quantity' | 'points' | 'created_at' | 'kudos' | 'kudos_given'> & {
  key: string;
  entryId: string;
};

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
      last.kudos += row.kudos;
      last.kudos_given ||= row.kudos_given;
      continue;
    }
    const { id, user_id, name, username, activity_type, quantity, points, created_at, kudos, kudos_given } = row;
    lines.push({ key: id, entryId: id, user_id, name, username, activity_type, quantity, points, created_at, kudos, kudos_given });
  }
  return lines;
}
