import { PUSH_MESSAGES, type PushConfig, type PushKind, type PushPayload, type PushPreferences, type PushSubscriptionBody } from '@warriors/contracts';
import { conflict, inLockOrder, notFound, publicAddressesOf, unauthorized, ValidationError, type Clock, type Logger, type ResolveHost } from '@warriors/kit';
import { PUSH_MAX_ATTEMPTS, pushDueAt, pushRetryDelayMs } from '../domain/push';
import {
  claimDuePushes,
  deleteOwnSubscription,
  deleteSubscription,
  enqueuePushes,
  findSubscription,
  hasSubscription,
  preferencesOf,
  removeQueued,
  retryQueued,
  savePreferences,
  subscriptionsOf,
  timezoneOf,
  upsertSubscription,
  type ClaimedPush,
} from '../store/push.store';
import { SCHEMA, type Executor } from '../store/schema';
import { projectedUsers } from '../store/users.store';
import { createPushSender, type PushSender, type VapidKeys } from './push-sender';

export interface PushSettings {
  /** The VAPID keys; none: push is off (GET /api/push/config says so, subscribing is refused). */
  keys?: VapidKeys | undefined;
  /** Accepts http endpoints on loopback (the tests' push service); never set by configuration. */
  allowLoopbackHttp?: boolean;
  /** How often the sender looks for notifications that fell due (after quiet hours or a backoff). */
  pollMs?: number;
  /** Resolves endpoints' host names as subscribing and sending check them: the machine's resolver unless a test plays DNS. */
  resolveHost?: ResolveHost;
}

export const DEFAULT_PUSH_POLL_MS = 5_000;
/** How long a claimed notification is left to its sender before another may take it (a crash's bound). */
const CLAIM_LEASE_MS = 2 * 60_000;
const CLAIM_BATCH = 50;

/** One notification for one broker, on each of their devices: `sourceKey` names its cause, so the same cause queues it once. */
export interface PushNotice {
  userId: string;
  kind: PushKind;
  sourceKey: string;
  payload: PushPayload;
  /**
   * Asked last, in the queueing transaction, only when the broker would receive it (kind on, a
   * device subscribed): false drops it (the once-a-day rule).
   */
  admit?: (trx: Executor, timezone: string) => Promise<boolean>;
}

/** The push service's origin, for logs: an endpoint's path is the device's capability and stays out of them. */
const originOf = (endpoint: string) => new URL(endpoint).origin;

/** What subscribing needs of the user directory: the user as auth has them now. */
export interface PushUsers {
  refresh(userId: string): Promise<unknown>;
}

export function createPush(deps: { db: Executor; clock: Clock; logger: Logger; settings: PushSettings; users: PushUsers }) {
  const { db, clock, logger, settings, users } = deps;
  const keys = settings.keys;
  const allowLoopback = settings.allowLoopbackHttp ?? false;
  const sender = keys ? createPushSender(keys, { allowLoopbackHttp: allowLoopback, resolveHost: settings.resolveHost }) : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  // Until start and after stop nothing is sent: a consumer's last kick during shutdown starts no run.
  let started = false;

  const config = (): PushConfig => ({ enabled: keys !== undefined, public_key: keys?.publicKey ?? null });

  /** 422 at body.endpoint, as the contract's own check answers, for a name that resolves inside or to nothing now (the sender checks again). */
  async function refuseInternalEndpoint(endpoint: string): Promise<void> {
    const { hostname } = new URL(endpoint);
    try {
      await publicAddressesOf(hostname, { resolve: settings.resolveHost, allowLoopback });
    } catch {
      throw new ValidationError([{ loc: ['body', 'endpoint'], msg: PUSH_MESSAGES.httpsEndpoint }]);
    }
  }

  async function subscribe(userId: string, body: PushSubscriptionBody): Promise<void> {
    if (!keys) throw conflict(PUSH_MESSAGES.notConfigured);
    await refuseInternalEndpoint(body.endpoint);
    // Quiet hours and 'passed you' read the broker's timezone: a row projected before social kept it
    // holds UTC, so the user is asked of auth again as they opt in (a user not projected yet arrives too).
    await users.refresh(userId);
    await db.transaction().execute(async (trx) => {
      // Under the user's lock, as their deletion takes it: no device is saved for an account being deleted.
      if (!(await projectedUsers.lockLive(trx, userId))) throw unauthorized();
      // A device moving to another account drops the previous account's waiting notifications (the cascade).
      const previous = await findSubscription(trx, body.endpoint);
      if (previous && previous.user_id !== userId) await deleteSubscription(trx, body.endpoint);
      await upsertSubscription(trx, userId, body, clock.now());
    });
  }

  async function unsubscribe(userId: string, endpoint: string): Promise<void> {
    // Someone else's endpoint answers as an unknown one does.
    if (!(await deleteOwnSubscription(db, userId, endpoint))) throw notFound(PUSH_MESSAGES.subscriptionNotFound);
  }

  const preferences = (userId: string): Promise<PushPreferences> => preferencesOf(db, userId);

  /** Whether something pushed to the broker reaches a device: never while push is off, whatever devices subscribed before. */
  const hasDevice = async (userId: string): Promise<boolean> => keys !== undefined && hasSubscription(db, userId);

  async function setPreferences(userId: string, choice: PushPreferences): Promise<PushPreferences> {
    await db.transaction().execute(async (trx) => {
      if (!(await projectedUsers.lockLive(trx, userId))) throw unauthorized();
      await savePreferences(trx, userId, choice, clock.now());
    });
    return choice;
  }

  /**
   * Queues the notices in the caller's transaction, each under its broker's lock (a deletion cannot
   * commit between the check and the insert): nothing when push is off, the kind is turned off or the
   * broker has no device. Held until the broker's quiet hours end.
   */
  async function queue(trx: Executor, notices: readonly PushNotice[]): Promise<number> {
    if (!keys) return 0;
    let queued = 0;
    const now = clock.now();
    // In one lock order, so two events naming the same brokers cannot deadlock.
    for (const notice of inLockOrder(notices, (n) => projectedUsers.lockKey(n.userId))) {
      if (!(await projectedUsers.lockLive(trx, notice.userId))) continue;
      const choice = await preferencesOf(trx, notice.userId);
      if (!choice.kinds[notice.kind]) continue;
      const devices = await subscriptionsOf(trx, notice.userId);
      if (devices.length === 0) continue;
      const timezone = await timezoneOf(trx, notice.userId);
      if (notice.admit && !(await notice.admit(trx, timezone))) continue;
      const dueAt = pushDueAt(now, timezone, choice);
      const payload = JSON.stringify(notice.payload);
      await enqueuePushes(
        trx,
        devices.map((device) => ({ source_key: notice.sourceKey, endpoint: device.endpoint, user_id: notice.userId, payload, due_at: dueAt, created_at: now })),
      );
      queued += devices.length;
    }
    return queued;
  }

  async function settle(push: ClaimedPush, send: PushSender): Promise<void> {
    const outcome = await send({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, push.payload);
    if (outcome.kind === 'sent') return removeQueued(db, push.source_key, push.endpoint);
    if (outcome.kind === 'gone') {
      logger.info({ pushService: originOf(push.endpoint), reason: outcome.reason }, 'push subscription gone: removed');
      return deleteSubscription(db, push.endpoint);
    }
    const attempts = push.attempts + 1;
    if (attempts >= PUSH_MAX_ATTEMPTS) {
      logger.warn({ pushService: originOf(push.endpoint), attempts, reason: outcome.reason }, 'push notification given up');
      return removeQueued(db, push.source_key, push.endpoint);
    }
    await retryQueued(db, push.source_key, push.endpoint, attempts, new Date(clock.now().getTime() + pushRetryDelayMs(attempts)), outcome.reason);
  }

  /** Sends what is due now, a batch at a time, until nothing due is left. */
  async function deliverDue(send: PushSender): Promise<void> {
    for (;;) {
      const now = clock.now();
      const claimed = await claimDuePushes(db, now, new Date(now.getTime() + CLAIM_LEASE_MS), CLAIM_BATCH);
      await Promise.all(claimed.map((push) => settle(push, send)));
      if (claimed.length < CLAIM_BATCH) return;
    }
  }

  /** Runs the sender now; a kick during a run makes it run once more after. */
  function kick(): void {
    if (!sender || !started) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDue(sender);
        } catch (err) {
          logger.error({ err }, 'push delivery failed; retried at the next poll');
        }
      } while (again);
      running = undefined;
    })();
  }

  return {
    config,
    subscribe,
    unsubscribe,
    preferences,
    setPreferences,
    hasDevice,
    queue,
    kick,
    start(): void {
      if (!sender) return;
      started = true;
      timer = setInterval(kick, settings.pollMs ?? DEFAULT_PUSH_POLL_MS);
      timer.unref();
      kick();
    },
    async stop(): Promise<void> {
      started = false;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    /** The inbox key of a source event as push applies it: social's other consumers apply the same events under their own keys. */
    inboxKey: (eventId: string) => `push:${eventId}`,
    schema: SCHEMA,
  };
}

export type Push = ReturnType<typeof createPush>;
