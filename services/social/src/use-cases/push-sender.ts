import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: the push services' contact for this server. */
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the push service answered: delivered, the device is gone (404/410: forget it), or a failure to try again. */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'failed'; reason: string };

/** How long a push service may take to answer before the send counts as failed (and is retried). */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for a device that is offline (seconds). */
const TIME_TO_LIVE_S = 24 * 60 * 60;

export type PushSender = (target: PushTarget, payload: string) => Promise<PushOutcome>;

/**
 * Sends one notification with web-push's encryption (aes128gcm, RFC 8291) and VAPID signature, over
 * fetch: web-push's own request goes out over https only, and the tests' push service is a plain
 * local HTTP server (which the subscription rules allow only on loopback, and only in tests).
 */
export function createPushSender(keys: VapidKeys): PushSender {
  return async (target, payload) => {
    const details = webpush.generateRequestDetails(target, payload, {
      vapidDetails: keys,
      TTL: TIME_TO_LIVE_S,
      contentEncoding: 'aes128gcm',
    });
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: details.method,
        // fetch counts the body itself.
        headers: Object.fromEntries(
          Object.entries(details.headers)
            .filter(([name]) => name.toLowerCase() !== 'content-length')
            .map(([name, value]) => [name, String(value)]),
        ),
        body: new Uint8Array(details.body),
        signal: AbortSignal.timeout(PUSH_SEND_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (err) {
      return { kind: 'failed', reason: err instanceof Error ? err.message : String(err) };
    }
    // The body is a push service's explanation: read for the log, never for a decision.
    const text = await response.text().catch(() => '');
    if (response.status >= 200 && response.status < 300) return { kind: 'sent' };
    if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
    return { kind: 'failed', reason: `push service answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}` };
  };
}
