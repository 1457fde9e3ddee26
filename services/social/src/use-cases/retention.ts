import type { Clock, Logger } from '@warriors/kit';
import { deleteNudgesBefore } from '../store/nudges.store';
import { deletePulseEventsBefore } from '../store/pulse.store';
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

  async function pruneOnce(): Promise<{ pulseEvents: number; nudges: number }> {
    const now = clock.now().getTime();
    const [pulseEvents, nudges] = await Promise.all([
      deletePulseEventsBefore(db, new Date(now - PULSE_RETENTION_DAYS * DAY_MS)),
      deleteNudgesBefore(db, new Date(now - NUDGE_RETENTION_DAYS * DAY_MS)),
    ]);
    if (pulseEvents + nudges > 0) logger.info({ pulseEvents, nudges }, 'old pulse lines and nudges removed');
    return { pulseEvents, nudges };
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
