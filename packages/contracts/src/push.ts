import { z } from 'zod';

/** The kinds of notification a broker can turn on or off, each on every device they subscribed. */
export const PUSH_KINDS = ['nudges', 'invitations', 'kudos', 'passed'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_MESSAGES = {
  notConfigured: 'Push notifications are not set up on this server.',
  subscriptionNotFound: 'Subscription not found',
  httpsEndpoint: "endpoint must be a push service's https URL",
} as const;

/** GET /api/push/config: whether the server can push, and the VAPID public key a browser subscribes with. */
export const PushConfig = z.object({ enabled: z.boolean(), public_key: z.string().nullable() });
export type PushConfig = z.infer<typeof PushConfig>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A host given as an address, a name with no domain, or a name under `localhost` (RFC 6761: always
 * this machine), its final dot aside: no push service is reached that way, an internal host may be.
 * Names that resolve inside are refused by social as it subscribes and as it sends (DNS can change).
 */
function notAPushServiceHost(hostname: string): boolean {
  const host = hostname.replace(/\.$/, '').toLowerCase();
  return host.startsWith('[') || /^[\d.]+$/.test(host) || !host.includes('.') || host.endsWith('.localhost');
}

/**
 * Whether a push service endpoint may be used: https to a domain name; http only on loopback, and only
 * where the server allows it (tests). The server POSTs to it, so it must not name an internal address.
 */
export function usableEndpoint(endpoint: string, allowLoopbackHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return !notAPushServiceHost(url.hostname);
  return allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

// Browsers' keys are base64url: p256dh an uncompressed P-256 point (65 bytes, 87 characters), auth 16
// bytes (22). Another length is a key web-push cannot encrypt for: every send to it would fail.
const base64UrlBytes = (bytes: number, what: string) =>
  z
    .string()
    .max(200, { abort: true })
    .regex(/^[A-Za-z0-9_-]+=*$/, { message: 'must be base64url', abort: true })
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, `must be ${what} of ${bytes} bytes`);
const Endpoint = z.string().min(1).max(2048);

/** PUT /api/push/subscriptions: the browser's PushSubscription.toJSON(), less its expirationTime. */
export const pushSubscriptionBody = (allowLoopbackHttp: boolean) =>
  z.object({
    endpoint: Endpoint.refine((value) => usableEndpoint(value, allowLoopbackHttp), PUSH_MESSAGES.httpsEndpoint),
    keys: z.object({ p256dh: base64UrlBytes(65, 'a P-256 public key'), auth: base64UrlBytes(16, 'a secret') }),
  });
export type PushSubscriptionBody = z.infer<ReturnType<typeof pushSubscriptionBody>>;

/** DELETE /api/push/subscriptions: the device's endpoint. */
export const PushSubscriptionDelete = z.object({ endpoint: Endpoint });

const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');

export const PushPreferences = z.object({
  kinds: z.object({ nudges: z.boolean(), invitations: z.boolean(), kudos: z.boolean(), passed: z.boolean() }).strict(),
  /** Local times in the broker's timezone; equal times mean no quiet hours. */
  quiet_start: ClockTime,
  quiet_end: ClockTime,
});
export type PushPreferences = z.infer<typeof PushPreferences>;

export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  kinds: { nudges: true, invitations: true, kudos: true, passed: true },
  quiet_start: '21:00',
  quiet_end: '07:00',
};

/** What the service worker receives and shows: the tag makes a repeat replace its notification instead of stacking. */
export const PushPayload = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof PushPayload>;
