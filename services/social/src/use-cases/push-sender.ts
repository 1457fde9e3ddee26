import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import webpush from 'web-push';
import { usableEndpoint } from '@warriors/contracts';
import { publicAddressesOf, publicOnlyLookup, type ResolveHost } from '@warriors/kit';

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

/** What the push service answered: delivered, the device is gone (404/410, or keys nothing can encrypt for: forget it), or a failure to try again. */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone'; reason: string } | { kind: 'failed'; reason: string };

/** How long a push service may take to answer before the send counts as failed (and is retried). */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for a device that is offline (seconds). */
const TIME_TO_LIVE_S = 24 * 60 * 60;
/** What is read of a push service's answer: its explanation, for the log. */
const ANSWER_MAX_BYTES = 4096;

export type PushSender = (target: PushTarget, payload: string) => Promise<PushOutcome>;

/** Where a sender may connect: the subscription rules' loopback allowance (tests), and the resolver (the machine's unless told). */
export interface PushReach {
  allowLoopbackHttp: boolean;
  resolveHost?: ResolveHost | undefined;
}

/** One POST, over a connection only to the addresses `lookup` allows; a redirect is an answer like any other, never followed. */
function post(url: URL, headers: Record<string, string>, body: Buffer, lookup: ReturnType<typeof publicOnlyLookup>): Promise<{ status: number; text: string }> {
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, lookup, signal: AbortSignal.timeout(PUSH_SEND_TIMEOUT_MS) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < ANSWER_MAX_BYTES) text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends one notification with web-push's encryption (aes128gcm, RFC 8291) and VAPID signature. The
 * endpoint is checked again as it is sent, as PUT checked it (a name may resolve inside since): the
 * subscription rules, then every address the connection may use, in the one resolution the connection
 * makes (no DNS rebinding between the check and the connect). Plain http is for the tests' loopback
 * push service, which the rules allow only there.
 */
export function createPushSender(keys: VapidKeys, reach: PushReach): PushSender {
  const allowLoopback = reach.allowLoopbackHttp;
  const lookup = publicOnlyLookup({ resolve: reach.resolveHost, allowLoopback });
  return async (target, payload) => {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(target, payload, { vapidDetails: keys, TTL: TIME_TO_LIVE_S, contentEncoding: 'aes128gcm' });
    } catch (err) {
      // Keys nothing can encrypt for (saved before PUT checked their length): no send will ever succeed.
      return { kind: 'gone', reason: err instanceof Error ? err.message : String(err) };
    }
    const url = new URL(details.endpoint);
    try {
      if (!usableEndpoint(details.endpoint, allowLoopback)) throw new Error(`${url.hostname} names an internal address`);
      // Node asks no lookup for a literal address: checked here.
      if (isIP(url.hostname.replace(/^\[(.*)\]$/, '$1'))) await publicAddressesOf(url.hostname, { allowLoopback });
      const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
      const answer = await post(url, headers, details.body ?? Buffer.alloc(0), lookup);
      if (answer.status >= 200 && answer.status < 300) return { kind: 'sent' };
      if (answer.status === 404 || answer.status === 410) return { kind: 'gone', reason: `push service answered ${answer.status}` };
      return { kind: 'failed', reason: `push service answered ${answer.status}${answer.text ? `: ${answer.text.slice(0, 200)}` : ''}` };
    } catch (err) {
      return { kind: 'failed', reason: err instanceof Error ? err.message : String(err) };
    }
  };
}
