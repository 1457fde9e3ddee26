import type { Clock } from '../clock';
import type { ReadinessCheck } from '../http/health';
import { createLogger } from '../logger';
import { closeRedis, createRedis, redisTargetOf, type RedisEnv } from '../redis';
import type { ExtraPorts } from '../runtime';
import type { ServicePorts } from '../service';
import { createLeaderboardKeeper, type LeaderboardKeeperDeps, type LeaderboardRepair } from './keeper';
import type { LeaderboardStore } from './leaderboard-store.port';
import { createMemoryLeaderboardStore } from './memory-leaderboard-store';
import { createRedisLeaderboardStore } from './redis-leaderboard-store';

/** The ports of a service that keeps leaderboards (gamification's windows, challenges' boards). */
export interface LeaderboardPorts {
  /** Redis in the stack, in-process when embedded. */
  leaderboard: LeaderboardStore;
  /** How often the boards' completeness is checked (after a Redis restart, flush or failover they are rebuilt). */
  leaderboardCheckMs?: number;
  /** Told of each rebuild the service made by itself (a repair after a Redis restart, flush or failover). */
  onLeaderboardRebuilt?: (repair: LeaderboardRepair) => void;
}

/** A service's boards kept complete: its readiness check and the keeper's start and stop. */
export interface ServiceBoards {
  /** Not ready while Redis is away or the boards are being rebuilt: reads would answer 503. */
  readiness: ReadinessCheck;
  /** Rebuilds boards that start incomplete (a new in-process store, a first deployment, a Redis that lost its data), then keeps checking. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Wires kit's keeper to a service's ports and its own rebuild from its system of record. */
export function keepServiceBoards(ports: LeaderboardPorts & Pick<ServicePorts, 'logger' | 'metrics'>, rebuild: LeaderboardKeeperDeps['rebuild']): ServiceBoards {
  const store = ports.leaderboard;
  const keeper = createLeaderboardKeeper({
    store,
    logger: ports.logger,
    metrics: ports.metrics,
    checkEveryMs: ports.leaderboardCheckMs,
    onRebuilt: ports.onLeaderboardRebuilt,
    rebuild,
  });
  return {
    readiness: { name: 'leaderboard', check: () => store.isReady() },
    async start() {
      await keeper.ensureComplete();
      keeper.start();
    },
    stop: () => keeper.stop(),
  };
}

/** A service process's Redis boards under `namespace`, for runServiceProcess's extraPorts. */
export function redisLeaderboardPorts(service: string, config: RedisEnv, namespace: string): ExtraPorts<{ leaderboard: LeaderboardStore }> {
  const redis = createRedis(redisTargetOf(config));
  // Without a listener ioredis prints every failed reconnect; the store answers 503 meanwhile and rebuilds after.
  const logger = createLogger(`${service}-redis`);
  redis.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis error'));
  return {
    ports: { leaderboard: createRedisLeaderboardStore(redis, { namespace }) },
    close: () => closeRedis(redis),
  };
}

/** The embedded process's boards: in-process sorted sets that start empty and are rebuilt at start. */
export function inProcessLeaderboard(clock: Clock): LeaderboardStore {
  return createMemoryLeaderboardStore({ now: () => clock.now().getTime() });
}
