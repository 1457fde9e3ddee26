import { performance } from 'node:perf_hooks';
import type { Logger } from '../logger';
import type { ServiceMetrics } from '../metrics';
import type { LeaderboardStore } from './leaderboard-store.port';

/** How often each instance asks the store whether its boards are still complete (one EXISTS). */
export const DEFAULT_COMPLETENESS_CHECK_MS = 1000;

export interface LeaderboardKeeperDeps {
  store: LeaderboardStore;
  logger: Logger;
  /**
   * Rebuilds the boards from the service's system of record: what it did (logged), or null when
   * another process holds the rebuild. The service's own rebuild (gamification's ledger, challenges' members).
   */
  rebuild: () => Promise<Record<string, unknown> | null>;
  /** Counts each rebuild this process makes (warriors_leaderboard_rebuilds_total). */
  metrics: ServiceMetrics;
  checkEveryMs?: number;
  /** Told of each rebuild this keeper made (to count repairs, for instance); must not throw. */
  onRebuilt?: (rebuilt: LeaderboardRepair) => void;
}

/** One rebuild a keeper made: what the service's rebuild reported, and how long it took. */
export interface LeaderboardRepair {
  outcome: Record<string, unknown>;
  ms: number;
}

export interface LeaderboardKeeper {
  /** Rebuilds the boards if they are incomplete and no other process is rebuilding them. Never throws. */
  ensureComplete(): Promise<void>;
  /** Keeps checking: every `checkEveryMs`, and at once when the store's connection comes back. */
  start(): void;
  stop(): Promise<void>;
}

/**
 * Notices by itself that the boards lost their data (Redis restarted without persistence, or was
 * flushed: the completeness marker went with the sets; or a failover promoted a replica that may
 * have missed the last writes: the marker names the old primary) and rebuilds them. Several instances may run
 * one each; the store lets one rebuild at a time, and the others keep checking.
 */
export function createLeaderboardKeeper(deps: LeaderboardKeeperDeps): LeaderboardKeeper {
  const { store, logger, rebuild, onRebuilt, checkEveryMs = DEFAULT_COMPLETENESS_CHECK_MS } = deps;
  const rebuilds = deps.metrics.counter(
    'leaderboard_rebuilds_total',
    'Rebuilds of the leaderboards from their system of record after they were found incomplete (Redis restarted or flushed, or a failover replaced the primary)',
  );
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** Logged on a change only: a check fails every second for as long as Redis is away. */
  let lastProblem: string | undefined;

  async function check(): Promise<void> {
    try {
      if (await store.isComplete()) {
        lastProblem = undefined;
        return;
      }
      const started = performance.now();
      const rebuilt = await rebuild();
      lastProblem = undefined;
      if (!rebuilt) return;
      const ms = Math.round(performance.now() - started);
      rebuilds.inc({ service: deps.metrics.service });
      logger.info({ ...rebuilt, ms }, 'leaderboards were incomplete: rebuilt from the ledger');
      onRebuilt?.({ outcome: rebuilt, ms });
    } catch (err) {
      const problem = err instanceof Error ? err.message : String(err);
      if (problem !== lastProblem) logger.warn({ err }, 'leaderboards incomplete and not rebuilt yet; retrying');
      lastProblem = problem;
    }
  }

  const ensureComplete = (): Promise<void> => {
    // One check at a time: a reconnect during a rebuild must not start a second one here.
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    ensureComplete,
    start() {
      store.onReconnect(() => {
        if (!stopped) void ensureComplete();
      });
      timer = setInterval(() => void ensureComplete(), checkEveryMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
