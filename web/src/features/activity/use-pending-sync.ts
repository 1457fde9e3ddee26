import { useEffect } from 'react';
import { useAppSelector, useAppStore } from '../../lib/hooks';
import { PENDING_LOGS_SYNC_TAG } from '../../lib/offline-queue';
import { pendingSyncFor, type PendingSync } from './pending-sync';

/** The app's queue of logs made offline. */
export const usePendingSync = (): PendingSync => pendingSyncFor(useAppStore());

/**
 * While a broker is signed in, their logs made offline are sent when the connection may be back: at
 * once (the next start), on `online`, on focus, when the service worker's Background Sync says so,
 * and after a server error's backoff.
 */
export function usePendingSyncTriggers(): void {
  const sync = usePendingSync();
  const userId = useAppSelector((state) => state.session.user?.id ?? null);
  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const later = async () => {
      clearTimeout(timer);
      const due = await sync.nextDue();
      if (!stopped && due !== null && navigator.onLine) timer = setTimeout(() => run(false), Math.max(1000, due - Date.now()));
    };
    const run = (force: boolean) => {
      if (navigator.onLine) void sync.sync(force).then(later);
    };
    const now = () => run(true);
    const onMessage = (event: MessageEvent<unknown>) => {
      if ((event.data as { type?: unknown } | null)?.type === PENDING_LOGS_SYNC_TAG) run(true);
    };
    void sync.refresh().then(now);
    window.addEventListener('online', now);
    window.addEventListener('focus', now);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', now);
      window.removeEventListener('focus', now);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [sync, userId]);
}
