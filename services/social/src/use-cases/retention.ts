import type { Clock, Logger } from '@warriors/kit';
import { deleteNudgesBefore } from '../store/nudges.store';
import { deletePulseEventsBefore } from '../store/pulse.store';
import { tryRetentionLock } from '../store/retention.store';
import type { Executor } from '../store/schema';

/** The pulse answers at most its latest 100 lines; a month holds far more than that for any crowd that logs. */
export const PULSE_RETENTION_DAYS = 30;
/** The bell shows a recipient's latest 50 nudges; one older than a quarter is news to no one. */
export const NUDGE_RETENTION_DAYS = 90;
export const RETENTION_CHECK_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the pulse's and the nudges' tables to what can still be read: every log may make a line
 * (a rank gain, a badge), so without this they would grow for as long as the product runs.
 */
export function createRetention(deps: { db: Executor; clock: Clock; logger: Logger; checkEveryMs?: number }) {
  const { db, clock, logger } = deps;
  let timer: NodeJS.Timeout | undefined;

  /**
   * One pass, or null when another instance is making it: every social instance runs the timer, and
   * N instances deleting the same rows at once would only wait on each other's row locks.
   */
  async function pruneOnce(): Promise<{ pulseEvents: number; nudges: number } | null> {
    const now = clock.now().getTime();
    const removed = await db.transaction().execute(async (trx) => {
      if (!(await tryRetentionLock(trx))) return null;
      const pulseEvents = await deletePulseEventsBefore(trx, new Date(now - PULSE_RETENTION_DAYS * DAY_MS));
      const nudges = await deleteNudgesBefore(trx, new Date(now - NUDGE_RETENTION_DAYS * DAY_MS));
      return { pulseEvents, nudges };
    });
    if (removed && removed.pulseEvents + removed.nudges > 0) logger.info(removed, 'old pulse lines and nudges removed');
    return removed;
  }

  // A failed pass (the database away) is retried at the next one: nothing depends on it in between.
  const pass = () => void pruneOnce().catch((err: Error) => logger.warn({ err: err.message }, 'pulse retention pass failed'));

  return {
    pruneOnce,
    start(): void {
      pass();
      timer = setInterval(pass, deps.checkEveryMs ?? RETENTION_CHECK_MS);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
