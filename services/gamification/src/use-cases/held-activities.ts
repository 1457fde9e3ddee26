import { notFound, type Outbox } from '@warriors/kit';
import type { HeldActivity } from '@warriors/contracts';
import { activityPointsAwarded, bonusPointsAwarded } from '../domain/score-events';
import { heldActivities, lockUser, releaseHeld, type HeldRow } from '../store/ledger.store';
import type { Executor } from '../store/schema';
import type { Leaderboards } from './leaderboards';

export const ACTIVITY_NOT_FOUND = 'Activity not found';

/**
 * How long after a confirmation a repeated confirm applies the entry to the boards again: that
 * repairs a first confirm whose commit went through but whose board apply did not (Redis away, a
 * crash). The store's apply marker, kept 8 days and re-made by the rebuild for rows confirmed since,
 * turns the repeat into a no-op when the first apply did go through.
 */
const REAPPLY_WITHIN_MS = 24 * 60 * 60 * 1000;

export interface HeldActivitiesDeps {
  db: Executor;
  outbox: Outbox;
  leaderboards: Leaderboards;
}

const toHeldActivity = (row: HeldRow, held: boolean): HeldActivity => ({
  activity_id: row.activity_id,
  activity_type: row.activity_type,
  quantity: row.quantity,
  points: row.points,
  local_date: row.local_date,
  logged_at: row.occurred_at.toISOString(),
  held,
});

export function createHeldActivities({ db, outbox, leaderboards }: HeldActivitiesDeps) {
  return {
    async list(userId: string): Promise<HeldActivity[]> {
      return (await heldActivities(db, userId)).map((row) => toHeldActivity(row, true));
    },

    /**
     * The broker vouches for their held entry: it joins the daily totals (badges and streaks read them
     * from the next log on) and its points reach every leaderboard, once however often it is confirmed.
     * Confirming the user's last held entry releases their held campaign bonuses to the boards too.
     * Someone else's activity, or an unknown one, is 404.
     */
    async confirm(userId: string, activityId: string, now: Date): Promise<HeldActivity> {
      const reapplySince = new Date(now.getTime() - REAPPLY_WITHIN_MS);
      const { row, awarded } = await db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const released = await releaseHeld(trx, userId, activityId, now, reapplySince);
        // Points are awarded when the hold is lifted, in the same transaction: the entry's and any bonus released with it.
        const awards = [
          ...(released?.released ? [activityPointsAwarded({ ...released, user_id: userId }, now)] : []),
          ...(released?.bonuses ?? []).filter((b) => b.released_now).map((b) => bonusPointsAwarded({ ...b, user_id: userId }, now)),
        ];
        await outbox.enqueueAll(trx, awards);
        return { row: released, awarded: awards.length > 0 };
      });
      if (!row) throw notFound(ACTIVITY_NOT_FOUND);
      const repair = row.confirmed_at !== null && row.confirmed_at >= reapplySince;
      // Each keyed like its first apply would have been (the activity id, the bonus's event id): it counts once.
      const owed = [
        ...(row.released || repair ? [{ applyId: row.activity_id, userId, localDate: row.local_date, points: row.points }] : []),
        ...row.bonuses.map((bonus) => ({ applyId: bonus.source_id, userId, localDate: bonus.local_date, points: bonus.points })),
      ];
      await leaderboards.addPoints(owed);
      // The points.awarded leave after the boards took the points: dashboards refetch them on hearing it.
      if (awarded) outbox.kick();
      return toHeldActivity(row, false);
    },
  };
}

export type HeldActivities = ReturnType<typeof createHeldActivities>;
