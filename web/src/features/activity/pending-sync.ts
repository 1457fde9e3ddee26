import { pointsFor, type ActivityType } from '@warriors/contracts';
import type { ApiError } from '../../lib/api-error';
import { deviceStore, PENDING_LOGS_SYNC_TAG, type PendingLog, type PendingLogStore } from '../../lib/offline-queue';
import { pendingLogsRead } from '../../lib/pending-logs';
import type { AppStore } from '../../lib/store';
import { activityApi } from './api';

/** What one attempt to send a pending log came to. */
export type SendOutcome = { kind: 'sent' } | { kind: 'refused'; text: string } | { kind: 'retry' };

const isApiError = (error: unknown): error is ApiError => typeof error === 'object' && error !== null && 'status' in error;

/**
 * Whether a log failed for lack of a connection (nothing answered), not because the server answered
 * no: only then is it kept on the device to be sent later.
 */
export const isConnectionFailure = (error: unknown, online: boolean = navigator.onLine): boolean => !online || (isApiError(error) && error.status === 'FETCH_ERROR');

/**
 * A send's failure sorted: no answer, a server error, a rate limit or an ended session (sent again
 * after the next sign-in) stay queued; any other answer is the server's refusal, kept with its text
 * for the broker to read. A 2xx never reaches here.
 */
export function outcomeOf(error: unknown): SendOutcome {
  if (!isApiError(error) || error.status === 'FETCH_ERROR') return { kind: 'retry' };
  const { status } = error;
  if (status === 401 || status === 408 || status === 429 || status >= 500) return { kind: 'retry' };
  return { kind: 'refused', text: error.message ?? `The server refused this entry (${status}).` };
}

const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 5 * 60_000;
/** Wait before sending again after `attempts` failed ones: 5 s, 10 s, 20 s... up to 5 minutes. */
export const backoffMs = (attempts: number): number => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

/** A tap that could not reach the server, as the queue keeps it. */
export interface OfflineTap {
  key: string;
  user_id: string;
  logged_at: string;
  log: { kind: 'single'; activity_type: ActivityType } | { kind: 'bulk'; body: { activity_type: ActivityType; quantity: number } & Record<string, unknown> };
}

export function pendingLogOf({ key, user_id, logged_at, log }: OfflineTap): PendingLog {
  const body = log.kind === 'single' ? { activity_type: log.activity_type, logged_at } : { ...log.body, logged_at };
  const quantity = log.kind === 'single' ? 1 : log.body.quantity;
  return {
    key,
    user_id,
    kind: log.kind,
    activity_type: body.activity_type,
    body,
    quantity,
    points: pointsFor(body.activity_type, quantity),
    logged_at,
    attempts: 0,
    next_attempt_at: 0,
    refusal: null,
  };
}

export interface PendingSyncDeps {
  store: PendingLogStore;
  /** Sends one entry with its key; resolves on a 2xx, rejects with the ApiError otherwise. */
  send(entry: PendingLog): Promise<unknown>;
  /** The signed-in user, whose entries alone are shown and sent. */
  userId(): string | null;
  /** The queue as it now is, for the screen. */
  publish(entries: PendingLog[]): void;
  now?: () => number;
}

/**
 * The device's queue of logs and its sending: one pass at a time (a focus during an `online` pass
 * waits for it), entries in the order they were made, each with its own key so a replay the server
 * already has changes nothing. A pass stops at the first lost connection.
 */
export function createPendingSync({ store, send, userId, publish, now = Date.now }: PendingSyncDeps) {
  let running: Promise<void> | null = null;
  /** The entry a pass is sending now: it can no longer be taken back from the device. */
  let sending: string | null = null;
  /** Entries the broker took back: a pass that listed them before skips them (both sides decide without awaiting). */
  const withdrawn = new Set<string>();

  async function refresh(): Promise<PendingLog[]> {
    const user = userId();
    const entries = user ? await store.list(user) : [];
    publish(entries);
    return entries;
  }

  async function pass(force: boolean): Promise<void> {
    const user = userId();
    if (!user) return;
    for (const entry of await store.list(user)) {
      if (entry.refusal !== null || (!force && entry.next_attempt_at > now())) continue;
      if (withdrawn.has(entry.key)) continue;
      let outcome: SendOutcome;
      sending = entry.key;
      try {
        await send(entry);
        outcome = { kind: 'sent' };
      } catch (error) {
        outcome = outcomeOf(error);
      } finally {
        sending = null;
      }
      if (outcome.kind === 'sent') await store.remove(entry.key);
      else if (outcome.kind === 'refused') await store.put({ ...entry, refusal: outcome.text });
      else {
        const attempts = entry.attempts + 1;
        await store.put({ ...entry, attempts, next_attempt_at: now() + backoffMs(attempts) });
        // No answer, a server error or a limit: the next entries would meet the same; they wait for the next pass.
        break;
      }
      await refresh();
    }
  }

  /** Sends what is due (`force`: everything waiting, as when the connection just came back). */
  function sync(force = false): Promise<void> {
    running ??= pass(force)
      .catch((error: unknown) => console.error('Failed to sync pending logs', error))
      .then(() => refresh())
      .then(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    refresh,
    sync,
    async queue(entry: PendingLog): Promise<void> {
      await store.put(entry);
      await refresh();
    },
    /**
     * The broker takes a waiting log back before it is sent (a mis-tap made offline): false when it is
     * being sent at this moment, or was sent already, and so is the server's to undo.
     */
    async remove(key: string): Promise<boolean> {
      const user = userId();
      if (!user || sending === key) return false;
      withdrawn.add(key);
      if (!(await store.list(user)).some((e) => e.key === key && e.refusal === null)) {
        withdrawn.delete(key);
        return false;
      }
      await store.remove(key);
      await refresh();
      return true;
    },
    /** The broker read the server's refusal: only now does the entry leave the device. */
    async dismiss(key: string): Promise<void> {
      await store.remove(key);
      await refresh();
    },
    /**
     * Before a sign-out: sends what waits when there is a connection, and answers how many entries
     * are still on the device (waiting, or refused and not yet read), for the broker to decide.
     */
    async settleBeforeSignOut(online: boolean): Promise<number> {
      if (online) await sync(true);
      return (await refresh()).length;
    },
    /** The earliest instant a waiting entry may be sent again, or null when none waits. */
    async nextDue(): Promise<number | null> {
      const user = userId();
      const due = (user ? await store.list(user) : []).filter((e) => e.refusal === null).map((e) => e.next_attempt_at);
      return due.length === 0 ? null : Math.min(...due);
    },
  };
}

export type PendingSync = ReturnType<typeof createPendingSync>;

const perStore = new WeakMap<AppStore, PendingSync>();

/** The app's one queue, on the device's IndexedDB, sending through the log endpoints (so a sent log refreshes what it changed). */
export function pendingSyncFor(appStore: AppStore): PendingSync {
  let sync = perStore.get(appStore);
  if (!sync) {
    sync = createPendingSync({
      store: deviceStore(),
      userId: () => appStore.getState().session.user?.id ?? null,
      publish: (entries) => appStore.dispatch(pendingLogsRead(entries)),
      send: (entry) => {
        const sent =
          entry.kind === 'single'
            ? appStore.dispatch(activityApi.endpoints.logActivity.initiate({ activity_type: entry.activity_type, logged_at: entry.logged_at, idempotencyKey: entry.key }))
            : appStore.dispatch(
                activityApi.endpoints.logBulkActivity.initiate({
                  body: entry.body as Parameters<typeof activityApi.endpoints.logBulkActivity.initiate>[0]['body'],
                  idempotencyKey: entry.key,
                }),
              );
        return sent.unwrap();
      },
    });
    perStore.set(appStore, sync);
  }
  return sync;
}

/** Asks the service worker, where the browser has Background Sync, to wake the page's sending when the connection returns. */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration().catch(() => undefined)) as { sync?: { register(tag: string): Promise<void> } } | undefined;
  await registration?.sync?.register(PENDING_LOGS_SYNC_TAG).catch(() => undefined);
}
