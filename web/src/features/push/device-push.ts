// This device's side of Web Push: the browser's permission and its push subscription, made through
// the app's service worker with the server's VAPID public key.

/** Whether this browser can receive push at all (iOS Safari only once the app is on the home screen). */
export function pushSupport(): 'supported' | 'unsupported' {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window ? 'supported' : 'unsupported';
}

/** The VAPID key as pushManager.subscribe wants it: base64url decoded to bytes. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The app's service worker registration, if one is installed (null: the app has not installed it yet). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's current subscription's endpoint, or null. */
export async function currentEndpoint(): Promise<string | null> {
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

export type SubscribeOutcome =
  { kind: 'subscribed'; body: { endpoint: string; keys: { p256dh: string; auth: string } } } | { kind: 'denied' } | { kind: 'dismissed' } | { kind: 'no-worker' };

/** Asks the browser's permission (from the click that called it) and subscribes this device. */
export async function subscribeDevice(publicKey: string): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { kind: 'denied' };
  if (permission !== 'granted') return { kind: 'dismissed' };
  const worker = await registration();
  if (!worker) return { kind: 'no-worker' };
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new Error('The browser gave a subscription without its keys.');
  return { kind: 'subscribed', body: { endpoint: json.endpoint, keys: { p256dh, auth } } };
}

/** Ends this device's subscription in the browser; answers the endpoint it had, for the server to forget. */
export async function unsubscribeDevice(): Promise<string | null> {
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
