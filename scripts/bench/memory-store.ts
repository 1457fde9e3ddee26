// The embedded mode's in-process leaderboard at a size no test reaches in its time: 100k members in
// one set, rebuilt, then 5,000 increments and the top and rank reads. A re-sort per increment would
// take minutes; the store's ordered structure takes milliseconds. Printed by `npm run bench`.
import { performance } from 'node:perf_hooks';
import { createMemoryLeaderboardStore } from '@warriors/kit';

export interface MemoryStoreFigures {
  members: number;
  rebuildMs: number;
  increments: number;
  incrementUs: number;
  readsMs: number;
}

export async function measureMemoryStore(members = 100_000, increments = 5_000): Promise<MemoryStoreFigures> {
  const store = createMemoryLeaderboardStore();
  const scored = Array.from({ length: members }, (_, i) => ({ member: `user-${i}`, score: (i * 7919) % 1000 }));

  const rebuildStarted = performance.now();
  const rebuild = await store.beginRebuild();
  if (rebuild === null) throw new Error('the memory store refused a rebuild');
  await rebuild.put('all', scored);
  if (!(await rebuild.commit())) throw new Error('the memory store lost its rebuild');
  const rebuildMs = performance.now() - rebuildStarted;

  const incrementsStarted = performance.now();
  for (let i = 0; i < increments; i++) await store.apply(`event-${i}`, `user-${(i * 104_729) % members}`, [{ key: 'all', delta: 10 }]);
  const incrementUs = ((performance.now() - incrementsStarted) * 1000) / increments;

  const readsStarted = performance.now();
  await store.top('all', 20);
  for (const i of [0, 1, 999, members / 2, members - 1]) await store.rank('all', `user-${i}`);
  const readsMs = performance.now() - readsStarted;
  await store.close();
  return { members, rebuildMs, increments, incrementUs, readsMs };
}
