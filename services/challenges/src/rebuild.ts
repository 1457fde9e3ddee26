import type { Kysely } from 'kysely';
import { runLeaderboardRebuildCommand } from '@warriors/kit';
import { challengesNamespace, ChallengesProcessEnv } from './config';
import type { ChallengesDatabase } from './store/schema';
import { rebuildBoards } from './use-cases/rebuild-boards';

/**
 * `node services/challenges/dist/rebuild.js`, with main's environment: re-creates the Redis challenge
 * boards from the members' points in PostgreSQL, to repair drift. The service rebuilds by itself
 * after a Redis restart or flush; the consumers may keep running (see rebuildBoards).
 */
runLeaderboardRebuildCommand({
  name: 'challenges-rebuild',
  env: ChallengesProcessEnv,
  namespace: challengesNamespace,
  rebuild: (db, store, now) => rebuildBoards(db as Kysely<ChallengesDatabase>, store, now),
  rebuilt: 'challenge boards rebuilt from PostgreSQL',
});
