import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { loadConfig } from '../../config';
import type { Logger } from '../../logger';

/** What the outbox reads from its environment (the services' processes and the embedded product). */
export const OutboxEnv = z.object({
  /** Hours a published event stays in its outbox, for `outbox-cli replay-range` to send again. */
  OUTBOX_REPLAY_WINDOW_HOURS: z.coerce.number().min(0).default(24),
});

/** How often the relay removes published rows older than the replay window. */
const PRUNE_INTERVAL_MS = 5 * 60_000;

/** How long a published event's row is kept: the option if given, else OUTBOX_REPLAY_WINDOW_HOURS. */
export function replayWindow(replayWindowMs: number | undefined): number {
  return replayWindowMs ?? loadConfig(OutboxEnv).OUTBOX_REPLAY_WINDOW_HOURS * 3600_000;
}

export interface Pruner {
  start(): void;
  /** Stops the timer; `idle` then waits for a prune under way. */
  stop(): void;
  idle(): Promise<void>;
}

/** Keeps a service's outbox to the replay window: its published rows older than that go. */
export function createPruner(db: Kysely<any>, schema: string, windowMs: number, clock: Clock, logger: Logger): Pruner {
  const table = sql.table(`${schema}.outbox`);
  let pruneTimer: NodeJS.Timeout | undefined;
  let pruning: Promise<void> | undefined;

  /** Removes the published rows older than the replay window (several instances may run it at once: harmless). */
  function prune(): void {
    if (pruning) return;
    const cutoff = new Date(clock.now().getTime() - windowMs);
    pruning = sql`delete from ${table} where published_at < ${cutoff}`
      .execute(db)
      .then(
        () => undefined,
        (err: unknown) => logger.warn({ err }, 'outbox prune failed; will retry'),
      )
      .finally(() => {
        pruning = undefined;
      });
  }

  return {
    start() {
      pruneTimer = setInterval(prune, Math.min(PRUNE_INTERVAL_MS, Math.max(windowMs, 1_000)));
      pruneTimer.unref();
      prune();
    },
    stop() {
      if (pruneTimer) clearInterval(pruneTimer);
    },
    async idle() {
      await pruning;
    },
  };
}
