// The service worker's Web Push handlers. No schema is loaded here: the worker stays small, and the
// payload is checked by hand (it comes from our own server, encrypted for this device).

/** What the server sends (packages/contracts PushPayload). */
export interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** A window of the app, as the worker's clients list gives it. */
export interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationClickLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}

/**
 * The parts of ServiceWorkerGlobalScope push uses, typed here so this file compiles beside the DOM
 * typings of the app; the worker's real `self` has them all.
 */
export interface ServiceWorkerGlobalScope {
  addEventListener(type: 'push' | 'notificationclick', listener: (event: Event) => void): void;
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly unknown[]>; openWindow(url: string): Promise<unknown> };
  location: { origin: string };
}

const FALLBACK: PushNotice = { title: 'Prospect Warriors', body: 'You have something new.', url: '/dashboard', tag: 'prospect-warriors' };

/** The notice a push carries; a malformed one still shows (a push the browser received must show something), as the fallback. */
export function noticeFrom(text: string | null | undefined): PushNotice {
  if (!text) return FALLBACK;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return FALLBACK;
  }
  if (typeof value !== 'object' || value === null) return FALLBACK;
  const record = value as Record<string, unknown>;
  const field = (key: keyof PushNotice) => (typeof record[key] === 'string' && record[key] !== '' ? record[key] : FALLBACK[key]);
  return { title: field('title'), body: field('body'), url: field('url'), tag: field('tag') };
}

/** Where a click leads: the notice's path on this app's origin; anything pointing elsewhere opens the dashboard. */
export function targetUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string') return new URL(FALLBACK.url, origin).href;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : new URL(FALLBACK.url, origin).href;
  } catch {
    return new URL(FALLBACK.url, origin).href;
  }
}

const isWindow = (client: unknown): client is WindowLike =>
  typeof client === 'object' && client !== null && typeof (client as WindowLike).url === 'string' && typeof (client as WindowLike).focus === 'function';

/** The open window to use: one already showing the target, else any of the app's, else none (open one). */
export function chooseWindow(clients: readonly unknown[], target: string, origin: string): { window: WindowLike; navigate: boolean } | null {
  const windows = clients.filter(isWindow).filter((client) => new URL(client.url).origin === origin);
  const showing = windows.find((client) => client.url === target);
  if (showing) return { window: showing, navigate: false };
  const any = windows.find((client) => typeof client.navigate === 'function');
  return any ? { window: any, navigate: true } : null;
}

export function installPush(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('push', (event) => {
    const push = event as PushEventLike;
    const notice = noticeFrom(push.data?.text());
    push.waitUntil(self.registration.showNotification(notice.title, { body: notice.body, tag: notice.tag, data: { url: notice.url } }));
  });

  self.addEventListener('notificationclick', (event) => {
    const click = event as NotificationClickLike;
    click.notification.close();
    const data = click.notification.data as { url?: unknown } | null;
    const target = targetUrl(data?.url, self.location.origin);
    click.waitUntil(
      (async () => {
        const chosen = chooseWindow(await self.clients.matchAll({ type: 'window', includeUncontrolled: true }), target, self.location.origin);
        if (!chosen) return self.clients.openWindow(target);
        if (chosen.navigate) await chosen.window.navigate?.(target);
        return chosen.window.focus();
      })(),
    );
  });
}
