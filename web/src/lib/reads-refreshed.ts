import { useCallback } from 'react';
import { api } from './api';
import { useAppStore } from './hooks';
import type { AppStore, RootState } from './store';

export type InvalidatedTags = Parameters<typeof api.util.selectInvalidatedBy>[1];

/**
 * How long a celebration waits for the reads it speaks about: long enough for a refetch on a phone
 * network, short enough that a slow or failing read never hides the celebration.
 */
export const REFRESH_WAIT_CAP_MS = 1500;

/**
 * Whether every read the tags name has been fetched again since `since` (a mutation's answer): started
 * at or after it and ended, well or not. A read no longer cached, or never fetched, has nothing to wait for.
 */
function refreshedSince(state: RootState, tags: InvalidatedTags, since: number): boolean {
  return api.util.selectInvalidatedBy(state, tags).every(({ queryCacheKey }) => {
    const read = state.api.queries[queryCacheKey];
    if (!read || read.status === 'uninitialized') return true;
    return read.status !== 'pending' && (read.startedTimeStamp ?? 0) >= since;
  });
}

/** Resolves once the reads the tags name have refreshed since `since`, or after `capMs` whatever they do. */
export function readsRefreshed(store: Pick<AppStore, 'getState' | 'subscribe'>, tags: InvalidatedTags, since: number, capMs = REFRESH_WAIT_CAP_MS): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe: (() => void) | null = null;
    const finish = () => {
      window.clearTimeout(cap);
      unsubscribe?.();
      resolve();
    };
    const cap = window.setTimeout(finish, capMs);
    if (refreshedSince(store.getState(), tags, since)) return finish();
    unsubscribe = store.subscribe(() => {
      if (refreshedSince(store.getState(), tags, since)) finish();
    });
  });
}

/**
 * After a mutation, waits for the reads it invalidated (spec point 4: the numbers refresh first, then
 * the toast). `requestId` names the mutation; its answer's time is when the refetches began.
 */
export function useReadsRefreshedAfter() {
  const store = useAppStore();
  return useCallback(
    (requestId: string, tags: InvalidatedTags) => {
      const answeredAt = store.getState().api.mutations[requestId]?.fulfilledTimeStamp ?? 0;
      return readsRefreshed(store, tags, answeredAt);
    },
    [store],
  );
}
