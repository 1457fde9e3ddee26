import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@warriors/contracts';
import { badge, campaign, campaignList, logResult } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn, testUser } from '../../../test/render';

const DASHBOARD_READS = {
  'GET /api/leaderboard/me?window=today': jsonResponse(200, { rank: null, points: 0, gap_to_next: null, window: 'today' }),
  'GET /api/leaderboard/today': jsonResponse(200, []),
  'GET /api/recent-activities': jsonResponse(200, []),
  'GET /api/activity/held': jsonResponse(200, []),
  // A daily goal keeps the panel open.
  'GET /api/campaigns': jsonResponse(200, campaignList({ active: [campaign()] })),
  // Asked only when the log's answer has no streak: the user's streak then moves from 3 to 4 too.
  'GET /api/me': jsonResponse(200, { ...testUser, streak_days: 4 }),
};

/** One animation frame, as the fake timers count it. */
const FRAME_MS = 16;

function logButton(label: string) {
  const panel = screen.getByRole('region', { name: 'Log Activity' });
  return within(panel).getByRole('button', { name: new RegExp(`^${label}`) });
}

/**
 * With fake timers, waitFor lets promises settle outside act; this lets the mocked network answer and
 * React commit inside act instead, without moving the clock.
 */
async function flushNetwork() {
  await act(async () => {
    for (let round = 0; round < 10; round += 1) await jest.advanceTimersByTimeAsync(0);
  });
}

/** The store tells its readers of the refetched data on the next animation frame: a frame, then the network again. */
async function flushRefresh() {
  await flushNetwork();
  await act(() => jest.advanceTimersByTimeAsync(FRAME_MS));
  await flushNetwork();
}

/** Waits for what a successful log sets off: the streak shown (4, from the answer or /me) and the refetches of the invalidated data. */
async function settle(store: ReturnType<typeof renderApp>['store'], { fakeTimers = false } = {}) {
  if (fakeTimers) await flushNetwork();
  await waitFor(() => expect(screen.getByText('Day streak').parentElement).toHaveTextContent('4Day streak'));
  await waitFor(() => {
    const { queries, mutations } = store.getState().api;
    expect([...Object.values(queries), ...Object.values(mutations)].some((entry) => entry?.status === 'pending')).toBe(false);
  });
}

async function openDashboard(replies: Parameters<typeof mockApi>[0] = {}, { fakeTimers = false } = {}) {
  const fetchMock = mockApi({ ...DASHBOARD_READS, ...replies });
  // No delay between user actions under fake timers: responses then land in flushNetwork's act.
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime, delay: null } : {});
  const view = renderApp('/dashboard', signedIn());
  await screen.findByRole('heading', { name: 'Welcome back, Ana' });
  return { user, fetchMock, ...view };
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.useRealTimers());

describe('Log Activity panel', () => {
  it('offers every scored activity with its points, and Bulk Entry', async () => {
    await openDashboard();
    expect(logButton('Cold Call')).toHaveTextContent(/\+1 pt$/);
    expect(logButton('Meeting')).toHaveTextContent('+10 pts');
    expect(logButton('Newsletter Sent')).toHaveTextContent('+3 pts');
    expect(logButton('Bulk Entry')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Log Activity' })).getAllByRole('button')).toHaveLength(12);
  });

  it("logs a cold call at once with a fresh idempotency key, says 'Recorded!' for 1.5 s, and shows the streak after it", async () => {
    jest.useFakeTimers();
    const { user, fetchMock, store } = await openDashboard({ 'POST /api/activity': jsonResponse(201, logResult()) }, { fakeTimers: true });

    await user.click(logButton('Cold Call'));
    await flushNetwork();
    expect(logButton('Cold Call')).toHaveTextContent('Recorded!');
    const [first] = callsTo(fetchMock, 'POST /api/activity');
    expect(first?.body).toEqual({ activity_type: 'cold_call' });
    expect(first?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);

    act(() => jest.advanceTimersByTime(1499));
    expect(logButton('Cold Call')).toHaveTextContent('Recorded!');
    act(() => jest.advanceTimersByTime(1));
    expect(logButton('Cold Call')).toHaveTextContent(/\+1 pt$/);

    await user.click(logButton('Cold Call'));
    await flushNetwork();
    expect(callsTo(fetchMock, 'POST /api/activity')).toHaveLength(2);
    const [, second] = callsTo(fetchMock, 'POST /api/activity');
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
    await settle(store, { fakeTimers: true });
  });

  it("offers Undo beside 'Recorded!' for 10 seconds after a log", async () => {
    jest.useFakeTimers();
    const { user, store } = await openDashboard({ 'POST /api/activity': jsonResponse(201, logResult()) }, { fakeTimers: true });
    await user.click(logButton('Cold Call'));
    await flushNetwork();
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo.parentElement).toHaveTextContent('Recorded! 1 Cold Call');
    act(() => jest.advanceTimersByTime(9_999));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    await settle(store, { fakeTimers: true });
  });

  it('deletes the entry just logged on Undo, refetches what it fed and the user, and takes the offer away', async () => {
    const { user, fetchMock, store } = await openDashboard({
      'POST /api/activity': jsonResponse(201, logResult()),
      'DELETE /api/activity/a-1': jsonResponse(204, null),
    });
    await user.click(logButton('Cold Call'));
    await settle(store);
    const readsBefore = callsTo(fetchMock, 'GET /api/leaderboard/today').length;
    const meBefore = callsTo(fetchMock, 'GET /api/me').length;
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
    expect(screen.getByText('Undone: 1 Cold Call')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/activity/a-1')).toHaveLength(1);
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/leaderboard/today').length).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/me').length).toBeGreaterThan(meBefore));
  });

  it('keeps the focus on the tile a keyboard log pressed, and shows the feedback under the tiles', async () => {
    const { user, store } = await openDashboard({ 'POST /api/activity': jsonResponse(201, logResult()) });
    logButton('Email').focus();
    await user.keyboard('{Enter}');
    await screen.findByText('Recorded! 1 Cold Call');
    expect(logButton('Email')).toHaveFocus();
    const grid = screen.getByRole('region', { name: 'Log Activity' }).querySelector('.log-grid')!;
    const strip = screen.getByText('Recorded! 1 Cold Call');
    expect(grid.compareDocumentPosition(strip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await settle(store);
  });

  it("takes back the toast of a log that is undone, and says the ring's percent, not the threshold crossed", async () => {
    const milestone = { percentage: 50, goal_name: 'Sprint Week', remaining: 4, progress: 60 };
    const { user, store } = await openDashboard({
      'POST /api/activity': jsonResponse(201, logResult({ milestones: [milestone] })),
      'DELETE /api/activity/a-1': jsonResponse(204, null),
    });
    await user.click(logButton('Cold Call'));
    expect(await screen.findByText(/60% of Sprint Week/)).toBeInTheDocument();
    expect(screen.queryByText(/50% of Sprint Week/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.queryByText(/60% of Sprint Week/)).toBeNull());
    expect(screen.getByText('Undone: 1 Cold Call')).toBeInTheDocument();
    await settle(store);
  });

  /** The reads of the dashboard a log may change, counted once the dashboard has read each once. */
  const READS = ['GET /api/recent-activities', 'GET /api/leaderboard/today', 'GET /api/leaderboard/me?window=today', 'GET /api/campaigns', 'GET /api/activity/held', 'GET /api/me'];
  const readCounts = (fetchMock: jest.Mock) => Object.fromEntries(READS.map((read) => [read, callsTo(fetchMock, read).length]));

  it("shows the answer's streak and badges without asking /me, and refetches the feed, the boards, the rank and the goals once", async () => {
    const { user, fetchMock, store } = await openDashboard({ 'POST /api/activity': jsonResponse(201, logResult({ badges: [badge()] })) });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/activity/held')).toHaveLength(1));
    expect(screen.getByText('Badges earned').parentElement).toHaveTextContent('0Badges earned');
    await user.click(logButton('Email'));
    await settle(store);
    expect(screen.getByText('Badges earned').parentElement).toHaveTextContent('1Badges earned');
    expect(readCounts(fetchMock)).toEqual({
      'GET /api/recent-activities': 2,
      'GET /api/leaderboard/today': 2,
      'GET /api/leaderboard/me?window=today': 2,
      'GET /api/campaigns': 2,
      // An entry gamification did not hold leaves the held list as it was.
      'GET /api/activity/held': 1,
      'GET /api/me': 0,
    });
  });

  it('asks /me for the streak, and refetches the held entries too, when the answer came without gamification', async () => {
    const { user, fetchMock, store } = await openDashboard({ 'POST /api/activity': jsonResponse(201, logResult({ streak_days: null })) });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/activity/held')).toHaveLength(1));
    await user.click(logButton('Email'));
    await settle(store);
    expect(readCounts(fetchMock)).toEqual({
      'GET /api/recent-activities': 2,
      'GET /api/leaderboard/today': 2,
      'GET /api/leaderboard/me?window=today': 2,
      'GET /api/campaigns': 2,
      'GET /api/activity/held': 2,
      'GET /api/me': 1,
    });
  });

  it("shows 'Failed to log activity: ' with the server's message or the status fallback; without a connection the log waits on the device", async () => {
    let attempt = 0;
    const answers = [jsonResponse(400, { detail: 'Slow down, warrior' }), jsonResponse(500, {})];
    const { user } = await openDashboard({
      'POST /api/activity': () => {
        const answer = answers[attempt++];
        if (!answer) throw new TypeError('Network down');
        return answer;
      },
    });

    await user.click(logButton('Doorknock'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to log activity: Slow down, warrior');
    await user.click(logButton('Doorknock'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to log activity: Failed to log activity (500)'));
    await user.click(logButton('Doorknock'));
    expect(await screen.findByText('1 log waiting to sync · 1 Doorknock')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a log without a connection', () => {
  it('is kept with its key and tap time, shown pending, counted in the ring, sent once when the connection returns', async () => {
    let online = false;
    const { user, fetchMock } = await openDashboard({
      'POST /api/activity': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return jsonResponse(201, logResult());
      },
      // One of three cold calls made: the ring reads 33% until the pending one counts.
      'GET /api/campaigns': jsonResponse(200, campaignList({ active: [campaign({ progress: 1 })] })),
    });
    const dailyRing = () => screen.getByRole('link', { name: /^Daily goal: / });
    await waitFor(() => expect(dailyRing()).toHaveAccessibleName('Daily goal: 33%'));
    await user.click(logButton('Cold Call'));
    expect(await screen.findByText('1 log waiting to sync · 1 Cold Call')).toBeInTheDocument();
    expect(screen.getByText("Will sync when you're back online")).toBeInTheDocument();
    expect(screen.getByText('Saved on this device: 1 Cold Call')).toBeInTheDocument();
    expect(logButton('Cold Call')).toHaveTextContent('Recorded!');
    expect(dailyRing()).toHaveAccessibleName('Daily goal: 66%');
    const [first] = callsTo(fetchMock, 'POST /api/activity');

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Logs not yet synced' })).toBeNull());
    const posts = callsTo(fetchMock, 'POST /api/activity');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
    expect(posts[1]!.body).toEqual({ activity_type: 'cold_call', logged_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) });
    // Focus again: nothing left to send.
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/campaigns').length).toBeGreaterThan(1));
    expect(callsTo(fetchMock, 'POST /api/activity')).toHaveLength(2);
  });

  it('takes a log made offline back before it is sent, by Undo or from the list', async () => {
    let online = false;
    const { user, fetchMock } = await openDashboard({
      'POST /api/activity': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return jsonResponse(201, logResult());
      },
    });
    await user.click(logButton('Cold Call'));
    await screen.findByText('Saved on this device: 1 Cold Call');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: 1 Cold Call')).toBeInTheDocument();
    expect(screen.queryByText(/waiting to sync/)).toBeNull();

    await user.click(logButton('Doorknock'));
    await user.click(logButton('Doorknock'));
    const summary = await screen.findByText('2 logs waiting to sync · 2 Doorknocks');
    await user.click(summary);
    const list = screen.getByRole('list', { name: 'Logs not yet synced' });
    await user.click(within(list).getAllByRole('button', { name: 'Remove 1 Doorknock' })[0]!);
    expect(await screen.findByText('1 log waiting to sync · 1 Doorknock')).toBeInTheDocument();

    online = true;
    const before = callsTo(fetchMock, 'POST /api/activity').length;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/activity')).toHaveLength(before + 1);
    expect(callsTo(fetchMock, 'POST /api/activity').at(-1)!.body).toMatchObject({ activity_type: 'doorknock' });
  });

  it("shows the server's refusal of a replay until the broker dismisses it", async () => {
    let online = false;
    const refusal = 'This entry was made on Wednesday, November 25, 2026, a day that has ended; it was not logged.';
    const { user } = await openDashboard({
      'POST /api/activity': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return jsonResponse(409, { detail: refusal });
      },
    });
    await user.click(logButton('Email'));
    await screen.findByText("Will sync when you're back online", { exact: false });
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent(`1 Email was not logged: ${refusal}`);
    await user.click(within(shown).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Logs not yet synced' })).toBeNull());
  });
});

describe('direct mail', () => {
  it('logs a quantity of 1 as a single activity', async () => {
    const { user, fetchMock, store } = await openDashboard({ 'POST /api/activity': jsonResponse(201, logResult()) });
    await user.click(logButton('Direct Mail'));
    const dialog = screen.getByRole('dialog', { name: 'Direct Mail' });
    expect(within(dialog).getByLabelText('How many mailers did you send?')).toHaveValue(1);
    await user.click(within(dialog).getByRole('button', { name: 'Log Direct Mail' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST /api/activity').map((call) => call.body)).toEqual([{ activity_type: 'direct_mail' }]);
    expect(callsTo(fetchMock, 'POST /api/activity/bulk')).toHaveLength(0);
    await settle(store);
  });

  it('logs a larger quantity as one bulk entry with the honesty confirmation', async () => {
    const { user, fetchMock, store } = await openDashboard({ 'POST /api/activity/bulk': jsonResponse(201, logResult()) });
    await user.click(logButton('Direct Mail'));
    const quantity = screen.getByLabelText('How many mailers did you send?');
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(screen.getByRole('button', { name: 'Log Direct Mail' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = callsTo(fetchMock, 'POST /api/activity/bulk');
    expect(call?.body).toEqual({ activity_type: 'direct_mail', quantity: 5, note: null, honesty_confirmed: true });
    expect(call?.headers['Idempotency-Key']).toBeDefined();
    await settle(store);
  });

  it('asks for a valid quantity, and for a description above 20', async () => {
    const { user, fetchMock } = await openDashboard();
    await user.click(logButton('Direct Mail'));
    const quantity = screen.getByLabelText('How many mailers did you send?');
    expect(quantity).toHaveAttribute('max', '100');

    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(screen.getByRole('button', { name: 'Log Direct Mail' }));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(MESSAGES.directMailQuantity);

    await user.clear(quantity);
    await user.type(quantity, '30');
    await user.click(screen.getByRole('button', { name: 'Log Direct Mail' }));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(MESSAGES.note);
    expect(screen.getByLabelText('Description')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toHaveLength(0);
  });

  it('drops an error as soon as the value is put right', async () => {
    const { user } = await openDashboard();
    await user.click(logButton('Direct Mail'));
    const quantity = screen.getByLabelText('How many mailers did you send?');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(screen.getByRole('button', { name: 'Log Direct Mail' }));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(MESSAGES.directMailQuantity);

    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes on Escape, with focus inside while open', async () => {
    const { user } = await openDashboard();
    await user.click(logButton('Direct Mail'));
    expect(screen.getByRole('dialog')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('honor system', () => {
  it('blocks a meeting until the honor box is ticked, then logs it', async () => {
    const { user, fetchMock, store } = await openDashboard({ 'POST /api/activity': jsonResponse(201, logResult()) });
    await user.click(logButton('Meeting'));
    const dialog = screen.getByRole('dialog', { name: 'Honor System' });
    await user.click(within(dialog).getByRole('button', { name: 'Log Meeting' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.honor);
    expect(callsTo(fetchMock, 'POST /api/activity')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('I confirm I am working on the honor system'));
    await user.click(within(dialog).getByRole('button', { name: 'Log Meeting' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST /api/activity').map((call) => call.body)).toEqual([{ activity_type: 'meeting' }]);
    await settle(store);
  });

  it('asks the same for a live conversation', async () => {
    const { user } = await openDashboard();
    await user.click(logButton('Live Conversation'));
    expect(screen.getByRole('dialog', { name: 'Honor System' })).toHaveTextContent('Live Conversation');
  });
});

describe('bulk entry', () => {
  async function openBulk(replies: Parameters<typeof mockApi>[0] = {}) {
    const view = await openDashboard(replies);
    await view.user.click(logButton('Bulk Entry'));
    const dialog = screen.getByRole('dialog', { name: 'Bulk Entry' });
    const submit = async () => view.user.click(await within(dialog).findByRole('button', { name: 'Log Bulk Entry' }));
    const setQuantity = async (value: string) => {
      await view.user.clear(within(dialog).getByLabelText('Quantity'));
      await view.user.type(within(dialog).getByLabelText('Quantity'), value);
    };
    return { ...view, dialog, submit, setQuantity };
  }

  it('checks quantity, note and honesty before sending', async () => {
    const { user, dialog, submit, setQuantity, fetchMock } = await openBulk();
    await setQuantity('101');
    await submit();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.quantity);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.honesty);

    await setQuantity('25');
    await user.type(within(dialog).getByLabelText('Note'), 'too short');
    await user.click(within(dialog).getByLabelText('I confirm this entry is accurate'));
    await submit();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.note);
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent(MESSAGES.honesty);
    expect(callsTo(fetchMock, 'POST /api/activity/bulk')).toHaveLength(0);
  });

  it('sends a valid entry and closes', async () => {
    const { user, dialog, submit, setQuantity, fetchMock, store } = await openBulk({ 'POST /api/activity/bulk': jsonResponse(201, logResult()) });
    await user.selectOptions(within(dialog).getByLabelText('Activity'), 'email');
    await setQuantity('25');
    await user.type(within(dialog).getByLabelText('Note'), 'Quarterly newsletter follow-ups');
    await user.click(within(dialog).getByLabelText('I confirm this entry is accurate'));
    await submit();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST /api/activity/bulk')[0]?.body).toEqual({
      activity_type: 'email',
      quantity: 25,
      note: 'Quarterly newsletter follow-ups',
      honesty_confirmed: true,
    });
    await settle(store);
  });

  it("shows the server's detail, else 'Failed to log bulk activity'", async () => {
    let attempt = 0;
    const answers = [jsonResponse(422, { detail: [{ loc: ['body', 'quantity'], msg: 'Too many' }] }), jsonResponse(500, {})];
    const { user, dialog, submit } = await openBulk({ 'POST /api/activity/bulk': () => answers[attempt++] ?? jsonResponse(500, {}) });
    await user.click(within(dialog).getByLabelText('I confirm this entry is accurate'));
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('quantity: Too many');
    await submit();
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to log bulk activity'));
  });
});

describe('after a log', () => {
  const badge = {
    id: 'b-1',
    badge_type: 'call_crusher',
    name: 'Call Crusher',
    description: '50 calls in a day',
    cycle: 'daily',
    repeat_count: 1,
    repeat: 1,
    earned_at: '2025-06-15T12:00:00Z',
  } as const;

  async function logColdCallWith(result: ReturnType<typeof logResult>) {
    jest.useFakeTimers();
    const view = await openDashboard({ 'POST /api/activity': jsonResponse(201, result) }, { fakeTimers: true });
    await view.user.click(logButton('Cold Call'));
    await flushRefresh();
    return view;
  }

  it('celebrates a completed campaign for 5 s, over a badge earned with it', async () => {
    const { store } = await logColdCallWith(logResult({ campaign_completed: { campaign_name: 'Sprint Week', bonus_points: 100, badge_earned: null }, badges: [badge] }));
    expect(screen.getByText('Goal Complete!')).toBeInTheDocument();
    expect(screen.getByText('Sprint Week')).toBeInTheDocument();
    expect(screen.getByText('+100 bonus points')).toBeInTheDocument();
    expect(screen.queryByText('Badge Unlocked!')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Goal Complete!')).not.toBeInTheDocument();
    await settle(store, { fakeTimers: true });
  });

  it('leaves out the bonus line when a finished goal pays none', async () => {
    const { store } = await logColdCallWith(logResult({ campaign_completed: { campaign_name: 'Today: 3 Cold Calls', bonus_points: 0, badge_earned: null } }));
    expect(screen.getByText('Goal Complete!')).toBeInTheDocument();
    expect(screen.queryByText(/bonus points/)).not.toBeInTheDocument();
    await settle(store, { fakeTimers: true });
  });

  it('shows the badge popup for 3 s', async () => {
    const { store } = await logColdCallWith(logResult({ badges: [badge], milestones: [{ percentage: 50, goal_name: 'Daily', remaining: 5 }] }));
    expect(screen.getByText('Badge Unlocked!')).toBeInTheDocument();
    expect(screen.getByText('Call Crusher')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByText('Badge Unlocked!')).not.toBeInTheDocument();
    await settle(store, { fakeTimers: true });
  });

  it('shows the strongest milestone toast, fading at 4 s and gone at 4.5 s', async () => {
    const { store } = await logColdCallWith(
      logResult({
        milestones: [
          { percentage: 50, goal_name: 'Sprint Week', remaining: 50 },
          { percentage: 75, goal_name: 'Daily Goal', remaining: 12 },
        ],
        rank_change: { new_rank: 2, positions_gained: 1, passed_users: [{ id: 'u-9', username: 'bob' }] },
      }),
    );
    const toast = screen.getByText('75% of Daily Goal').closest('.celebration');
    expect(toast).not.toHaveClass('celebration--leaving');
    expect(screen.queryByText(/You climbed/)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4000));
    expect(toast).toHaveClass('celebration--leaving');
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText('75% of Daily Goal')).not.toBeInTheDocument();
    await settle(store, { fakeTimers: true });
  });

  it('else shows the rank climb and whom the user passed', async () => {
    const { store } = await logColdCallWith(logResult({ rank_change: { new_rank: 4, positions_gained: 3, passed_users: [{ id: 'u-9', username: 'bob' }] } }));
    expect(screen.getByText('You climbed 3 spots to #4!')).toBeInTheDocument();
    expect(screen.getByText('You passed @bob')).toBeInTheDocument();
    await settle(store, { fakeTimers: true });
  });
});

describe('retrying a log', () => {
  it('sends the same Idempotency-Key when the same action is retried after a failure, and a new one after a success', async () => {
    // A lost connection keeps the log on the device instead (below); a server error is the broker's to retry.
    const timeout = () => jsonResponse(504, { detail: 'The gateway timed out' });
    const answers = [timeout, () => jsonResponse(500, {}), () => jsonResponse(201, logResult()), () => jsonResponse(201, logResult())];
    let attempt = 0;
    const { user, fetchMock, store } = await openDashboard({ 'POST /api/activity': () => answers[attempt++]!() });

    await user.click(logButton('Cold Call'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to log activity: The gateway timed out');
    await user.click(logButton('Cold Call'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to log activity: Failed to log activity (500)'));
    // Another action in between has its own key and leaves the failed one's alone.
    await user.click(logButton('Email'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/activity')).toHaveLength(3));
    await user.click(logButton('Cold Call'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/activity')).toHaveLength(4));
    await settle(store);

    const keys = callsTo(fetchMock, 'POST /api/activity').map((call) => [(call.body as { activity_type: string }).activity_type, call.headers['Idempotency-Key']]);
    const [timedOut, failed, email, retried] = keys;
    expect(failed).toEqual(timedOut);
    expect(retried).toEqual(timedOut);
    expect(email![1]).not.toBe(timedOut![1]);

    // Logged at last: the same button again is a new cold call.
    answers.push(() => jsonResponse(201, logResult()));
    await user.click(logButton('Cold Call'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/activity')).toHaveLength(5));
    expect(callsTo(fetchMock, 'POST /api/activity')[4]!.headers['Idempotency-Key']).not.toBe(timedOut![1]);
  });

  it('retries a bulk entry with its key only while it is the same entry', async () => {
    const answers = [jsonResponse(503, { detail: 'The activity service is unavailable. Please try again shortly.' }), jsonResponse(201, logResult())];
    let attempt = 0;
    const { user, fetchMock, store } = await openDashboard({ 'POST /api/activity/bulk': () => answers[attempt++] ?? jsonResponse(201, logResult()) });
    await user.click(logButton('Bulk Entry'));
    const dialog = screen.getByRole('dialog', { name: 'Bulk Entry' });
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '5');
    await user.click(within(dialog).getByLabelText('I confirm this entry is accurate'));
    const submit = () => user.click(within(dialog).getByRole('button', { name: 'Log Bulk Entry' }));
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The activity service is unavailable');
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '6');
    await submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await settle(store);
    const [first, changed] = callsTo(fetchMock, 'POST /api/activity/bulk');
    expect(changed!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
  });

  it("shows a velocity limit's 429 text in the log alert", async () => {
    const detail = 'Too many activities logged in a short time (at most 60 a minute). Please try again in 12 seconds.';
    const { user } = await openDashboard({ 'POST /api/activity': jsonResponse(429, { detail }) });
    await user.click(logButton('Cold Call'));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to log activity: ${detail}`);
  });
});

describe('entries held above a daily ceiling', () => {
  const message = 'Held for your confirmation: 301 Cold Calls today is above the daily limit of 300. Confirm this entry to add its 1 points to the leaderboards.';
  const held = (id: string, quantity: number) => ({
    activity_id: id,
    activity_type: 'cold_call',
    quantity,
    points: quantity,
    local_date: '2025-06-15',
    logged_at: '2025-06-15T12:00:00.000Z',
    held: true,
  });

  it('shows the held message with Confirm, which releases the entry once', async () => {
    const { user, fetchMock, store } = await openDashboard({
      'POST /api/activity': jsonResponse(201, logResult({ held: true, held_message: message })),
      'POST /api/activity/a-1/confirm': jsonResponse(200, { ...held('a-1', 1), held: false }),
    });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/activity/held')).toHaveLength(1));
    await user.click(logButton('Cold Call'));
    const notice = await screen.findByText(message);
    expect(notice).toHaveAttribute('role', 'status');
    await settle(store);
    // A held entry is off the boards: the held list is read again, the boards and the rank are not.
    expect(callsTo(fetchMock, 'GET /api/activity/held')).toHaveLength(2);
    expect(callsTo(fetchMock, 'GET /api/leaderboard/today')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/leaderboard/me?window=today')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Confirm this entry' }));
    expect(await screen.findByText('Confirmed: its points are on the leaderboards.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm this entry' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/activity/a-1/confirm')).toHaveLength(1);
    // Confirmed, its points reach the boards and the rank: they are read again.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/leaderboard/today')).toHaveLength(2));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/leaderboard/me?window=today')).toHaveLength(2));
    await settle(store);
  });

  it('lists the entries still held, each with Confirm, and says when a confirmation fails', async () => {
    const { user, fetchMock } = await openDashboard({
      'GET /api/activity/held': jsonResponse(200, [held('h-1', 100), held('h-2', 40)]),
      'POST /api/activity/h-1/confirm': jsonResponse(404, { detail: 'Activity not found' }),
      'POST /api/activity/h-2/confirm': jsonResponse(200, { ...held('h-2', 40), held: false }),
    });
    const list = await screen.findByRole('region', { name: 'Held for your confirmation' });
    expect(list).toHaveTextContent('100 Cold Calls on Jun 15, 2025 (100 pts)');
    await user.click(within(list).getByRole('button', { name: 'Confirm 100 Cold Calls on Jun 15, 2025 (100 pts)' }));
    expect(await within(list).findByRole('alert')).toHaveTextContent('Activity not found');
    await user.click(within(list).getByRole('button', { name: 'Confirm 40 Cold Calls on Jun 15, 2025 (40 pts)' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/activity/h-2/confirm')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/activity/held')).toHaveLength(2));
    // The refetched list no longer holds it, but the row stays to say the click worked.
    expect(within(list).getByText('Confirmed: its points are on the leaderboards.')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Confirm 40 Cold Calls on Jun 15, 2025 (40 pts)' })).not.toBeInTheDocument();
  });
});

describe('the numbers first, then the celebration (spec point 4)', () => {
  const daily = (progress: number) => campaignList({ active: [campaign({ name: 'Daily Goal', goal_count: 100, progress })] });
  const milestone = logResult({ milestones: [{ percentage: 50, goal_name: 'Daily Goal', remaining: 50 }] });
  const cardPercent = () => screen.getByRole('progressbar', { name: 'Daily Goal progress' }).getAttribute('aria-valuenow');

  /** The goals answer 11 % at first; the refetch after the log waits until the test answers it. */
  async function logWithGoalsHeld() {
    jest.useFakeTimers();
    let answerGoals: (response: Response) => void = () => undefined;
    const replies = [() => jsonResponse(200, daily(11)), () => new Promise<Response>((resolve) => (answerGoals = resolve))];
    const view = await openDashboard({ 'POST /api/activity': jsonResponse(201, milestone), 'GET /api/campaigns': () => (replies.shift() ?? replies[0]!)() }, { fakeTimers: true });
    await flushRefresh();
    expect(cardPercent()).toBe('11');
    await view.user.click(logButton('Cold Call'));
    await flushRefresh();
    return { ...view, answerGoals: (progress: number) => answerGoals(jsonResponse(200, daily(progress))) };
  }

  it('shows the milestone toast only once the goal card beneath reads the new percent', async () => {
    const { answerGoals, store } = await logWithGoalsHeld();
    expect(logButton('Cold Call')).toHaveTextContent('Recorded!');
    expect(cardPercent()).toBe('11');
    expect(screen.queryByText('50% of Daily Goal')).not.toBeInTheDocument();

    answerGoals(50);
    await flushRefresh();
    expect(screen.getByText('50% of Daily Goal')).toBeInTheDocument();
    expect(cardPercent()).toBe('50');
    await settle(store, { fakeTimers: true });
  });

  it('shows the celebration anyway when a read is slow, after 1.5 s', async () => {
    const { answerGoals, store } = await logWithGoalsHeld();
    await act(() => jest.advanceTimersByTimeAsync(1400));
    expect(screen.queryByText('50% of Daily Goal')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(screen.getByText('50% of Daily Goal')).toBeInTheDocument();
    expect(cardPercent()).toBe('11');
    answerGoals(50);
    await settle(store, { fakeTimers: true });
  });
});
