import { chooseWindow, installPush, noticeFrom, targetUrl, type ServiceWorkerGlobalScope, type WindowLike } from './push';

const ORIGIN = 'https://app.prospect-warriors.test';

describe('noticeFrom', () => {
  it('reads the server payload', () => {
    const payload = { title: 'New nudge', body: 'Ana is cheering you on!', url: '/dashboard', tag: 'nudge:1' };
    expect(noticeFrom(JSON.stringify(payload))).toEqual(payload);
  });

  it('still shows something for an empty, malformed or partial push', () => {
    const fallback = { title: 'Prospect Warriors', body: 'You have something new.', url: '/dashboard', tag: 'prospect-warriors' };
    expect(noticeFrom(null)).toEqual(fallback);
    expect(noticeFrom('not json')).toEqual(fallback);
    expect(noticeFrom('42')).toEqual(fallback);
    expect(noticeFrom(JSON.stringify({ title: 'Kudos', body: 7 }))).toEqual({ ...fallback, title: 'Kudos' });
  });
});

describe('targetUrl', () => {
  it("keeps the app's own paths and sends anything else to the dashboard", () => {
    expect(targetUrl('/challenges', ORIGIN)).toBe(`${ORIGIN}/challenges`);
    expect(targetUrl(`${ORIGIN}/leaderboard`, ORIGIN)).toBe(`${ORIGIN}/leaderboard`);
    expect(targetUrl('https://evil.example/phish', ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(targetUrl('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(targetUrl(undefined, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
  });
});

const windowAt = (url: string): WindowLike & { focus: jest.Mock; navigate: jest.Mock } => ({
  url,
  focus: jest.fn(async () => undefined),
  navigate: jest.fn(async () => undefined),
});

describe('chooseWindow', () => {
  it('focuses a window already showing the target, else moves one of the app windows there, else opens one', () => {
    const board = windowAt(`${ORIGIN}/leaderboard`);
    const dash = windowAt(`${ORIGIN}/dashboard`);
    const other = windowAt('https://elsewhere.example/');
    expect(chooseWindow([dash, board], `${ORIGIN}/leaderboard`, ORIGIN)).toEqual({ window: board, navigate: false });
    expect(chooseWindow([other, dash], `${ORIGIN}/challenges`, ORIGIN)).toEqual({ window: dash, navigate: true });
    expect(chooseWindow([other], `${ORIGIN}/challenges`, ORIGIN)).toBeNull();
  });
});

/** A worker scope as the browser hands it to the handlers: its listeners, notifications shown and windows. */
function fakeScope(windows: WindowLike[]) {
  const listeners = new Map<string, (event: Event) => void>();
  const shown: Array<{ title: string; options?: NotificationOptions }> = [];
  const opened: string[] = [];
  const scope: ServiceWorkerGlobalScope = {
    addEventListener: (type, listener) => listeners.set(type, listener),
    registration: { showNotification: async (title, options) => void shown.push({ title, options }) },
    clients: { matchAll: async () => windows, openWindow: async (url) => void opened.push(url) },
    location: { origin: ORIGIN },
  };
  const dispatch = async (type: string, fields: object) => {
    let waited: Promise<unknown> = Promise.resolve();
    const event = Object.assign(new Event(type), fields, { waitUntil: (p: Promise<unknown>) => (waited = p) });
    listeners.get(type)!(event);
    await waited;
  };
  return { scope, shown, opened, dispatch };
}

describe('installPush', () => {
  it('shows the pushed notice, tagged, with its url kept for the click', async () => {
    const { scope, shown, dispatch } = fakeScope([]);
    installPush(scope);
    const payload = { title: 'Challenge invitation', body: 'Ana invited you to the challenge March.', url: '/challenges', tag: 'invite:9' };
    await dispatch('push', { data: { text: () => JSON.stringify(payload) } });
    expect(shown).toEqual([{ title: payload.title, options: { body: payload.body, tag: payload.tag, data: { url: '/challenges' } } }]);
  });

  it('on a click closes the notification and opens its screen, or focuses the window showing it', async () => {
    const board = windowAt(`${ORIGIN}/leaderboard`);
    const { scope, opened, dispatch } = fakeScope([board]);
    installPush(scope);
    const close = jest.fn();
    await dispatch('notificationclick', { notification: { data: { url: '/leaderboard' }, close } });
    expect(close).toHaveBeenCalled();
    expect(board.focus).toHaveBeenCalled();
    expect(board.navigate).not.toHaveBeenCalled();
    const none = fakeScope([]);
    installPush(none.scope);
    await none.dispatch('notificationclick', { notification: { data: { url: '/challenges' }, close } });
    expect(none.opened).toEqual([`${ORIGIN}/challenges`]);
    expect(opened).toEqual([]);
  });
});
