import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn } from '../../../test/render';

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const PREFERENCES = { kinds: { nudges: true, invitations: true, kudos: true, passed: true }, quiet_start: '21:00', quiet_end: '07:00' };
const ENDPOINT = 'https://push.example.com/device-1';

beforeEach(() => localStorage.clear());

/** The browser's side: a service worker registration whose push manager subscribes, and the permission prompt's answer. */
function fakeBrowserPush(permission: NotificationPermission) {
  let current: { endpoint: string; toJSON(): unknown; unsubscribe: jest.Mock } | null = null;
  const subscribe = jest.fn(async () => {
    current = {
      endpoint: ENDPOINT,
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BPub', auth: 'c2VjcmV0' } }),
      unsubscribe: jest.fn(async () => {
        current = null;
        return true;
      }),
    };
    return current;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => current } };
  // A container the rest of the app listens on too (the offline logs hear the worker's sync messages).
  const container = Object.assign(new EventTarget(), { getRegistration: async () => registration });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  const requestPermission = jest.fn(async () => permission);
  Object.defineProperty(window, 'Notification', { configurable: true, value: { permission: 'default', requestPermission } });
  return { subscribe, requestPermission, current: () => current };
}

afterEach(() => {
  for (const name of ['serviceWorker'] as const) Reflect.deleteProperty(navigator, name);
  for (const name of ['PushManager', 'Notification'] as const) Reflect.deleteProperty(window, name);
});

async function openSettings() {
  const user = userEvent.setup();
  renderApp('/profile', signedIn());
  const panel = await screen.findByRole('region', { name: 'Notifications' });
  return { user, panel };
}

describe('the Notifications panel', () => {
  it('says push is off on a server without VAPID keys', async () => {
    mockApi({});
    const { panel } = await openSettings();
    expect(await within(panel).findByText('Push notifications are not set up on this server.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Enable on this device' })).not.toBeInTheDocument();
  });

  it('tells a browser without push so, and still saves the kinds and quiet hours for the other devices', async () => {
    const fetchMock = mockApi({
      'GET /api/push/config': jsonResponse(200, { enabled: true, public_key: PUBLIC_KEY }),
      'GET /api/push/preferences': jsonResponse(200, PREFERENCES),
      'PUT /api/push/preferences': (init) => jsonResponse(200, JSON.parse(init.body as string)),
    });
    const { user, panel } = await openSettings();
    expect(await within(panel).findByText(/This browser cannot show push notifications/)).toBeInTheDocument();
    await user.click(await within(panel).findByRole('checkbox', { name: 'Kudos on my entries' }));
    const from = within(panel).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '22:30');
    await user.click(within(panel).getByRole('button', { name: 'Save notification settings' }));
    expect(await within(panel).findByText('Notification settings saved.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/push/preferences').map((c) => c.body)).toEqual([{ ...PREFERENCES, kinds: { ...PREFERENCES.kinds, kudos: false }, quiet_start: '22:30' }]);
  });

  it('enables push on this device from a click: permission, the subscription saved on the server; and turns it off', async () => {
    const browser = fakeBrowserPush('granted');
    const fetchMock = mockApi({
      'GET /api/push/config': jsonResponse(200, { enabled: true, public_key: PUBLIC_KEY }),
      'GET /api/push/preferences': jsonResponse(200, PREFERENCES),
      'PUT /api/push/subscriptions': new Response(null, { status: 204 }),
      'DELETE /api/push/subscriptions': new Response(null, { status: 204 }),
    });
    const { user, panel } = await openSettings();
    expect(await within(panel).findByText('This device does not receive notifications.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Enable on this device' }));
    expect(await within(panel).findByText('This device receives notifications.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalled();
    const [options] = browser.subscribe.mock.calls[0] as unknown as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }];
    expect(options.userVisibleOnly).toBe(true);
    // The key's 65 bytes: an uncompressed P-256 point starts with 4.
    expect([options.applicationServerKey.length, options.applicationServerKey[0]]).toEqual([65, 4]);
    expect(callsTo(fetchMock, 'PUT /api/push/subscriptions').map((c) => c.body)).toEqual([{ endpoint: ENDPOINT, keys: { p256dh: 'BPub', auth: 'c2VjcmV0' } }]);

    await user.click(within(panel).getByRole('button', { name: 'Turn off on this device' }));
    expect(await within(panel).findByText('This device does not receive notifications.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/push/subscriptions').map((c) => c.body)).toEqual([{ endpoint: ENDPOINT }]));
    expect(browser.current()).toBeNull();
  });

  it('says how to unblock notifications when the browser refuses permission', async () => {
    const browser = fakeBrowserPush('denied');
    const fetchMock = mockApi({
      'GET /api/push/config': jsonResponse(200, { enabled: true, public_key: PUBLIC_KEY }),
      'GET /api/push/preferences': jsonResponse(200, PREFERENCES),
    });
    const { user, panel } = await openSettings();
    await user.click(await within(panel).findByRole('button', { name: 'Enable on this device' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Notifications are blocked for this site.');
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, 'PUT /api/push/subscriptions')).toEqual([]);
  });
});

describe('the bell', () => {
  it('links to the Notifications settings', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderApp('/leaderboard', signedIn());
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    await user.click(screen.getByRole('link', { name: 'Notification settings' }));
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });
});
