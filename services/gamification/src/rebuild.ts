import type { Kysely } from 'kysely';
import { runLeaderboardRebuildCommand } from '@warriors/kit';
import { GamificationProcessEnv } from './config';
import type { GamificationDatabase } from './store/schema';
import { rebuildLeaderboards } from './use-cases/rebuild-leaderboards';

/**
 * `node services/gamification/dist/rebuild.js`, with main's environment: re-creates the Redis
 * leaderboards from the points ledger, to repair drift. The service rebuilds by itself after a
 * Redis restart or flush; the consumers may keep running (see rebuildLeaderboards).
 */
runLeaderboardRebuildCommand({
  name: 'gamification-rebuild',
  env: GamificationProcessEnv,
  rebuild: (db, store, now) => rebuildLeaderboards(db as Kysely<GamificationDatabase>, store, now),
  rebuilt: 'leaderboards rebuilt from the ledger',
});
