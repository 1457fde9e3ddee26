import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_SOCKET_CLOSE } from '@warriors/contracts';
import { FakeWebSocket } from '../../../test/fake-socket';
import { badge, campaignList, leaderboardRow, pulseEvent } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn, rankShown, testUser } from '../../../test/render';

const earnedBadge = badge();

const definitions = {
  definitions: [{ key: 'first_meeting', name: 'First Meeting', description: 'Booked your first meeting', cycle: 'lifetime', type: 'lifetime', icon: '🤝' }],
  daily_goal_points: 50,
};

const me = leaderboardRow(2, { id: testUser.id, name: testUser.name, username: testUser.username });

function mockDashboard(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/leaderboard/me?window=today': jsonResponse(200, { rank: 2, points: 40, gap_to_next: 5, window: 'today' }),
    'GET /api/leaderboard/today': jsonResponse(200, [leaderboardRow(1), me]),
    'GET /api/leaderboard/7d': jsonResponse(200, []),
    'GET /api/activity/held': jsonResponse(200, []),
    'GET /api/recent-activities': jsonResponse(200, [
      {
        id: 'e-7',
        user_id: 'u-7',
        name: 'Bob Stone',
        username: 'bob',
        activity_type: 'meeting',
        quantity: 1,
        points: 10,
        created_at: new Date(Date.now() - 5 * 60_000).toISOString().replace('Z', ''),
        company: null,
        city: null,
        state: null,
        rank: 1,
        kudos: 2,
        kudos_given: false,
      },
    ]),
    'GET /api/badge-definitions': jsonResponse(200, definitions),
    ...overrides,
  });
}

async function openDashboard(user = { ...testUser, badges: [earnedBadge] }) {
  const view = renderApp('/dashboard', signedIn(user));
  await screen.findByRole('heading', { name: 'Welcome back, Ana' });
  // The Battle Ground (and the socket its Battle Pulse opens) renders just after the first paint.
  await screen.findByRole('region', { name: 'Battle Ground' });
  return { user: userEvent.setup(), ...view };
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.useRealTimers());

describe('DashboardScreen', () => {
  it("shows the streak, the badge count and today's rank", async () => {
    mockDashboard();
    await openDashboard();
    expect(screen.getByText('Day streak').parentElement).toHaveTextContent('3Day streak');
    expect(screen.getByRole('button', { name: '1 Badges earned' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: "#2 Today's rank" })).toBeInTheDocument();
  });

  it('names who to pass for the next rank, and says the streak is safe once today has points', async () => {
    mockDashboard({ 'GET /api/leaderboard/today': jsonResponse(200, [leaderboardRow(1, { name: 'Marcus Reed' }), me]) });
    await openDashboard();
    const standing = screen.getByRole('group', { name: 'Your standing' });
    expect(await within(standing).findByText('5 pts to pass Marcus R.')).toBeInTheDocument();
    expect(within(standing).getByText('Safe for today')).toBeInTheDocument();
  });

  it("says 'Streak protected' while a freeze covers a missed day, with the freezes left", async () => {
    mockDashboard();
    await openDashboard({ ...testUser, badges: [], streak_freezes: 1, streak_protected: true });
    const standing = screen.getByRole('group', { name: 'Your standing' });
    expect(within(standing).getByText('Streak protected · 1 freeze left')).toBeInTheDocument();
  });

  it('shows the freezes held while none is spent, and nothing of freezes without any', async () => {
    mockDashboard();
    const { unmount } = await openDashboard({ ...testUser, badges: [], streak_freezes: 2, streak_protected: false });
    expect(within(screen.getByRole('group', { name: 'Your standing' })).getByText('2 freezes held')).toBeInTheDocument();
    unmount();
    localStorage.clear();
    await openDashboard({ ...testUser, badges: [], streak_freezes: 0, streak_protected: false });
    expect(within(screen.getByRole('group', { name: 'Your standing' })).queryByText(/freeze|protected/)).toBeNull();
  });

  it('names the rank to reach when the one above is beyond the board', async () => {
    mockDashboard({ 'GET /api/leaderboard/me?window=today': jsonResponse(200, { rank: 31, points: 2, gap_to_next: 3, window: 'today' }) });
    await openDashboard();
    expect(await within(screen.getByRole('group', { name: 'Your standing' })).findByText('3 pts to reach #30')).toBeInTheDocument();
  });

  it('warns that the streak is at risk while today has no log, with the hours left in the local day', async () => {
    // 15:30 in Chicago, the user's timezone: 8.5 hours before the day ends.
    jest.useFakeTimers({ now: new Date('2026-03-10T20:30:00Z'), advanceTimers: true });
    mockDashboard({ 'GET /api/leaderboard/me?window=today': jsonResponse(200, { rank: null, points: 0, gap_to_next: null, window: 'today' }) });
    await openDashboard();
    const standing = screen.getByRole('group', { name: 'Your standing' });
    expect(await within(standing).findByText('Log today to keep your 3-day streak · 8h left')).toBeInTheDocument();
    expect(within(standing).getByText("Log a shot to get on today's board")).toBeInTheDocument();
  });

  it('carries the upsell banner to the offer the deployment names', async () => {
    mockDashboard({ 'GET /api/client-config': jsonResponse(200, { promo_url: 'https://offers.example.org/automation', coaching_enabled: true }) });
    await openDashboard();
    const banner = await screen.findByRole('complementary', { name: 'Automation offer' });
    expect(within(banner).getByRole('link', { name: 'See the automation offer' })).toHaveAttribute('href', 'https://offers.example.org/automation');
  });

  it("offers today's plan where coaching is on, and no button leading to 'Not Yet Configured' where it is off", async () => {
    mockDashboard();
    await openDashboard();
    expect(await screen.findByRole('button', { name: "See Today's Plan" })).toHaveAttribute('aria-haspopup', 'dialog');
    cleanup();

    const fetchMock = mockDashboard({ 'GET /api/client-config': jsonResponse(200, { promo_url: null, coaching_enabled: false }) });
    await openDashboard();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/client-config')).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Welcome back, Ana' });
    expect(screen.queryByRole('button', { name: "See Today's Plan" })).not.toBeInTheDocument();
  });

  it('shows no banner when the deployment names no offer', async () => {
    const fetchMock = mockDashboard({ 'GET /api/client-config': jsonResponse(200, { promo_url: null, coaching_enabled: true }) });
    await openDashboard();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/client-config')).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Welcome back, Ana' });
    expect(screen.queryByRole('complementary', { name: 'Automation offer' })).not.toBeInTheDocument();
  });

  it("shows '—' for the rank when the user isn't ranked today", async () => {
    const fetchMock = mockDashboard({ 'GET /api/leaderboard/me?window=today': jsonResponse(200, { rank: null, points: 0, gap_to_next: null, window: 'today' }) });
    await openDashboard();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/leaderboard/me?window=today')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: "— Today's rank" })).toBeInTheDocument();
  });

  it('scrolls to the Battle Ground from the rank', async () => {
    mockDashboard();
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: "#2 Today's rank" }));
    expect(scrolled).toHaveBeenCalled();
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('battle-ground'));
  });

  it('opens the earned badges from the count, with a link to /badges', async () => {
    mockDashboard();
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: '1 Badges earned' }));
    const dialog = screen.getByRole('dialog', { name: 'Your Badges' });
    expect(within(dialog).getByText('First Meeting')).toBeInTheDocument();
    expect(within(dialog).getByText('Earned Mar 2, 2025')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View all badges' })).toHaveAttribute('href', '/badges');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the top of the board with medals and (You), and switches period by tab', async () => {
    const fetchMock = mockDashboard();
    const { user } = await openDashboard();
    const ground = screen.getByRole('region', { name: 'Battle Ground' });
    const board = await within(ground).findByRole('tabpanel');
    await within(board).findByText('Warrior1 S.');
    expect(rankShown(within(board).getByLabelText('Rank 1'))).toBe('gold medal');
    expect(within(board).getByText('Ana S.').parentElement).toHaveTextContent('Ana S. (You)');

    const sevenDays = within(ground).getByRole('tab', { name: '7 Days' });
    expect(within(ground).getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
    await user.click(sevenDays);
    expect(sevenDays).toHaveAttribute('aria-selected', 'true');
    expect(await within(ground).findByText('No one on the leaderboard yet. Be the first!')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/leaderboard/7d')).toHaveLength(1);
  });

  it('moves between the period tabs with the arrow keys', async () => {
    mockDashboard();
    const { user } = await openDashboard();
    const ground = screen.getByRole('region', { name: 'Battle Ground' });
    within(ground).getByRole('tab', { name: 'Today' }).focus();
    await user.keyboard('{ArrowLeft}');
    const allTime = within(ground).getByRole('tab', { name: 'All-Time' });
    expect(allTime).toHaveFocus();
    expect(allTime).toHaveAttribute('aria-selected', 'true');
  });

  it('fires the recent shots into the feed with how long ago', async () => {
    mockDashboard();
    await openDashboard();
    const shots = screen.getByRole('region', { name: 'Shots Fired' });
    expect(await within(shots).findByText('Bob S.')).toBeInTheDocument();
    expect(within(shots).getByRole('listitem')).toHaveTextContent('Bob S. Meeting+10 pts · 5m ago');
  });

  it('gives kudos to someone else’s line once: the button is pressed and counts them, and the server’s count stays', async () => {
    const fetchMock = mockDashboard({ 'POST /api/recent-activities/e-7/kudos': jsonResponse(200, { id: 'e-7', kudos: 3, kudos_given: true }) });
    const { user } = await openDashboard();
    const shots = screen.getByRole('region', { name: 'Shots Fired' });
    const button = await within(shots).findByRole('button', { name: "Give kudos to Bob S.'s Meeting, 2 kudos" });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveAccessibleName("Give kudos to Bob S.'s Meeting, 3 kudos");
    await user.click(button);
    expect(callsTo(fetchMock, 'POST /api/recent-activities/e-7/kudos')).toHaveLength(1);
  });

  it('shows the count on one’s own line, with no kudos button', async () => {
    const mine = { id: 'e-1', user_id: testUser.id, name: testUser.name, username: testUser.username, activity_type: 'email', quantity: 1, points: 1 };
    const row = { ...mine, created_at: new Date().toISOString().replace('Z', ''), company: null, city: null, state: null, rank: null, kudos: 1, kudos_given: false };
    mockDashboard({ 'GET /api/recent-activities': jsonResponse(200, [row]) });
    await openDashboard();
    const shots = screen.getByRole('region', { name: 'Shots Fired' });
    const line = await within(shots).findByRole('listitem');
    await waitFor(() => expect(line).toHaveTextContent('1 kudos'));
    expect(within(line).queryByRole('button', { name: /kudos/ })).not.toBeInTheDocument();
  });

  it('deletes the newest entry of one’s own line of the day once asked, and offers no Delete on others’ lines or earlier days', async () => {
    const shot = (id: string, userId: string, type: string, createdAt: Date) => ({
      id,
      user_id: userId,
      name: userId === testUser.id ? testUser.name : 'Bob Stone',
      username: userId === testUser.id ? testUser.username : 'bob',
      activity_type: type,
      quantity: 1,
      points: 1,
      created_at: createdAt.toISOString().replace('Z', ''),
      company: null,
      city: null,
      state: null,
      rank: null,
      kudos: 0,
      kudos_given: false,
    });
    const now = Date.now();
    const feed = [
      shot('e-new', testUser.id, 'cold_call', new Date(now - 1_000)),
      shot('e-old', testUser.id, 'cold_call', new Date(now - 2_000)),
      shot('e-bob', 'u-7', 'email', new Date(now - 180_000)),
      shot('e-before', testUser.id, 'meeting', new Date(now - 3 * 24 * 60 * 60_000)),
    ];
    const user = userEvent.setup();
    const fetchMock = mockDashboard({ 'GET /api/recent-activities': jsonResponse(200, feed), 'DELETE /api/activity/e-new': new Response(null, { status: 204 }) });
    await openDashboard();
    const shots = screen.getByRole('region', { name: 'Shots Fired' });
    const [mine, bobs, earlier] = await within(shots).findAllByRole('listitem');
    expect(within(bobs!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(earlier!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    await user.click(within(mine!).getByRole('button', { name: 'Delete your latest Cold Call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    expect(callsTo(fetchMock, 'DELETE /api/activity/e-new')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/activity/e-new')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says how many a bulk entry or a run of entries counts, and shows five lines until asked for more', async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString().replace('Z', '');
    const shot = (userId: string, name: string, type: string, quantity: number, points: number, minutesAgo: number) => ({
      id: `e-${minutesAgo}`,
      user_id: userId,
      name,
      username: name.toLowerCase(),
      activity_type: type,
      quantity,
      points,
      created_at: at(minutesAgo),
      company: null,
      city: null,
      state: null,
      rank: null,
      kudos: 0,
      kudos_given: false,
    });
    const feed = [
      shot('u-7', 'Sam Whitfield', 'cold_call', 1, 1, 1),
      shot('u-7', 'Sam Whitfield', 'cold_call', 12, 12, 2),
      shot('u-8', 'Marcus Reed', 'direct_mail', 40, 80, 3),
      ...[4, 5, 6, 7, 8].map((minutesAgo, i) => shot(`u-${10 + i}`, `Rival${i} Stone`, 'email', 1, 1, minutesAgo)),
    ];
    const user = userEvent.setup();
    mockDashboard({ 'GET /api/recent-activities': jsonResponse(200, feed) });
    await openDashboard();
    const shots = screen.getByRole('region', { name: 'Shots Fired' });
    await within(shots).findByText('Sam W.');
    const lines = within(shots).getAllByRole('listitem');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toHaveTextContent('Sam W. 13 Cold Calls+13 pts · 1m ago');
    expect(lines[1]).toHaveTextContent('Marcus R. 40 Direct Mailers+80 pts');

    await user.click(within(shots).getByRole('button', { name: 'Show more (2)' }));
    expect(within(shots).getAllByRole('listitem')).toHaveLength(7);
    expect(within(shots).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says so when nobody has fired yet', async () => {
    mockDashboard({ 'GET /api/recent-activities': jsonResponse(200, []) });
    await openDashboard();
    expect(await screen.findByText('No activity yet. Be the first to make a move!')).toBeInTheDocument();
  });
});

describe("the live socket's boards changes on the dashboard", () => {
  const BOARD = 'GET /api/leaderboard/today';
  const RANK = 'GET /api/leaderboard/me?window=today';
  const SHOTS = 'GET /api/recent-activities';
  const counts = (fetchMock: jest.Mock) => [BOARD, RANK, SHOTS].map((key) => callsTo(fetchMock, key).length);
  // RTK Query holds an invalidation back while any query is pending: every dashboard read is answered.
  const answered = { 'GET /api/campaigns': jsonResponse(200, campaignList()) };

  it("refetches the leaderboard, today's rank and Shots Fired once for a message, once more at the end of a gap for a burst", async () => {
    let leader = 'Warrior1 Smith';
    let rank = 2;
    const fetchMock = mockDashboard({
      ...answered,
      [BOARD]: () => jsonResponse(200, [leaderboardRow(1, { name: leader }), me]),
      [RANK]: () => jsonResponse(200, { rank, points: 40, gap_to_next: 5, window: 'today' }),
    });
    await openDashboard();
    await screen.findByText('Warrior1 S.');
    await screen.findByRole('button', { name: "#2 Today's rank" });
    await screen.findByText('Bob S.', { exact: false });
    const socket = FakeWebSocket.latest();
    socket.open();
    expect(counts(fetchMock)).toEqual([1, 1, 1]);

    leader = 'Rival Jones';
    rank = 3;
    socket.receive({ kind: 'boards.changed' });
    expect(await screen.findByText('Rival J.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: "#3 Today's rank" })).toBeInTheDocument();
    await waitFor(() => expect(counts(fetchMock)).toEqual([2, 2, 2]));

    // Within the same gap: one refetch at its end for all of them, not one each.
    for (let i = 0; i < 5; i += 1) socket.receive({ kind: 'boards.changed' });
    expect(counts(fetchMock)).toEqual([2, 2, 2]);
    await waitFor(() => expect(counts(fetchMock)).toEqual([3, 3, 3]), { timeout: 3_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(counts(fetchMock)).toEqual([3, 3, 3]);
  });

  it('refetches them after a reconnect, which may have missed changes, but not on the first open', async () => {
    const fetchMock = mockDashboard(answered);
    await openDashboard();
    await screen.findByText('Bob S.', { exact: false });
    await waitFor(() => expect(counts(fetchMock)).toEqual([1, 1, 1]));
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 3_000 });
    expect(counts(fetchMock)).toEqual([1, 1, 1]);
    FakeWebSocket.latest().open();
    await waitFor(() => expect(counts(fetchMock)).toEqual([2, 2, 2]));
  });
});

describe('Battle Pulse on the dashboard', () => {
  const PULSE = 'GET /api/battle-pulse?limit=20';
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const pulseRegion = () => screen.getByRole('region', { name: 'Battle Pulse' });
  const pulseLines = () =>
    within(pulseRegion())
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.feed__body p')?.textContent);

  it("shows each event with its icon, the broker named as every list names them, message and age, with nudges only on other warriors' non-coach events", async () => {
    mockDashboard({
      [PULSE]: jsonResponse(200, [
        pulseEvent({ id: 'e-3', created_at: minutesAgo(2) }),
        pulseEvent({ id: 'e-2', type: 'coach', user_id: 'u-coach', username: 'coach', name: '', message: "got today's coaching plan", created_at: minutesAgo(30) }),
        pulseEvent({ id: 'e-1', user_id: testUser.id, username: testUser.username, name: testUser.name, message: 'is on a 7-day streak', created_at: minutesAgo(120) }),
      ]),
    });
    await openDashboard();
    const items = await within(pulseRegion()).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Maria L. earned the First Meeting badge2m ago'),
      // Without a name, the username, as on the boards.
      "coach got today's coaching plan30m ago",
      'Ana S. is on a 7-day streak2h ago',
    ]);
    expect(within(items[0]!).getByRole('button', { name: 'Cheer Maria L.' })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Give props to Maria L.' })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so, kindly, while the arena is quiet', async () => {
    mockDashboard({ [PULSE]: jsonResponse(200, []) });
    await openDashboard();
    expect(await within(pulseRegion()).findByText(/All quiet in the arena/)).toBeInTheDocument();
  });

  it('adds live events on top, once each, ignoring other messages, and catches up with a GET on every (re)connect', async () => {
    let served = [pulseEvent({ id: 'e-1', created_at: minutesAgo(10) })];
    const fetchMock = mockDashboard({ [PULSE]: () => jsonResponse(200, served) });
    await openDashboard();
    await within(pulseRegion()).findByText('earned the First Meeting badge', { exact: false });
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/ws?token=test-token`);

    socket.open();
    await waitFor(() => expect(callsTo(fetchMock, PULSE)).toHaveLength(2));
    // A line announced by a version that did not carry names: the username stands in.
    const live = pulseEvent({
      id: 'e-2',
      user_id: 'u-jo',
      username: 'jo',
      name: undefined,
      message: 'climbed to #2 today, passing Maria L.',
      related_user: 'maria',
      created_at: minutesAgo(0),
    });
    socket.receive({ kind: 'pulse', payload: live });
    socket.receive({ kind: 'pulse', payload: live });
    socket.receive({ kind: 'nudge', payload: { id: 'x' } });
    socket.receive('{"kind":"pulse"');
    // The cache's patches reach the screen in the store's next batch of notifications, a moment later.
    await waitFor(() => expect(pulseLines()).toEqual(['jo climbed to #2 today, passing Maria L.', 'Maria L. earned the First Meeting badge']));

    // While the socket is down an event lands; the reconnect's GET brings it in.
    served = [
      pulseEvent({ id: 'e-3', user_id: 'u-lee', username: 'lee', name: 'Lee Park', message: 'joined the challenge Spring Sprint', created_at: minutesAgo(0) }),
      live,
      ...served,
    ];
    socket.drop();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 3_000 });
    FakeWebSocket.latest().open();
    await within(pulseRegion()).findByText('joined the challenge Spring Sprint', { exact: false });
    expect(pulseLines()).toEqual(['Lee P. joined the challenge Spring Sprint', 'jo climbed to #2 today, passing Maria L.', 'Maria L. earned the First Meeting badge']);
    expect(callsTo(fetchMock, PULSE)).toHaveLength(3);
  });

  it('keeps only the latest 20 events', async () => {
    const user = userEvent.setup();
    const broker = (index: number) => ({ user_id: `u-${index}`, username: `broker${index}`, name: `Broker${index} Smith` });
    const twenty = Array.from({ length: 20 }, (_, index) => pulseEvent({ id: `e-${index}`, ...broker(index), message: `did thing ${index}`, created_at: minutesAgo(index + 1) }));
    mockDashboard({ [PULSE]: jsonResponse(200, twenty) });
    await openDashboard();
    await within(pulseRegion()).findByText('did thing 0', { exact: false });
    FakeWebSocket.latest().receive({ kind: 'pulse', payload: pulseEvent({ id: 'e-new', ...broker(99), message: 'did the newest thing', created_at: minutesAgo(0) }) });
    await within(pulseRegion()).findByText('did the newest thing', { exact: false });
    await user.click(within(pulseRegion()).getByRole('button', { name: 'Show more (15)' }));
    const lines = pulseLines();
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe('Broker99 S. did the newest thing');
    expect(lines.at(-1)).toBe('Broker18 S. did thing 18');
  });

  it("shows five rows until 'Show more', a run of one broker's events of one kind as one row", async () => {
    const user = userEvent.setup();
    const cheer = (id: string, minutes: number, to: string) =>
      pulseEvent({
        id,
        type: 'encourage',
        user_id: 'u-sam',
        username: 'sam',
        name: 'Sam Whitfield',
        message: `cheered for ${to}`,
        related_user: to,
        created_at: minutesAgo(minutes),
      });
    mockDashboard({
      [PULSE]: jsonResponse(200, [
        cheer('n-3', 1, 'Maria L.'),
        cheer('n-2', 2, 'Lee P.'),
        cheer('n-1', 3, 'Maria L.'),
        ...Array.from({ length: 6 }, (_, index) =>
          pulseEvent({ id: `a-${index}`, user_id: `u-${index}`, username: `broker${index}`, name: '', message: `earned badge ${index}`, created_at: minutesAgo(10 + index) }),
        ),
      ]),
    });
    await openDashboard();
    await within(pulseRegion()).findByText('cheered for Maria L. · cheered for Lee P.', { exact: false });
    expect(pulseLines()).toEqual([
      'Sam W. ×3 cheered for Maria L. · cheered for Lee P.',
      'broker0 earned badge 0',
      'broker1 earned badge 1',
      'broker2 earned badge 2',
      'broker3 earned badge 3',
    ]);
    expect(within(pulseRegion()).getAllByRole('button', { name: 'Cheer Sam W.' })).toHaveLength(1);

    await user.click(within(pulseRegion()).getByRole('button', { name: 'Show more (2)' }));
    expect(pulseLines()).toHaveLength(7);
    expect(pulseLines().at(-1)).toBe('broker5 earned badge 5');
    await user.click(within(pulseRegion()).getByRole('button', { name: 'Show less' }));
    expect(pulseLines()).toHaveLength(5);
  });

  it('sends a cheer for the event and confirms it, or shows why the server refused', async () => {
    let refuse = false;
    const fetchMock = mockDashboard({
      [PULSE]: jsonResponse(200, [pulseEvent()]),
      'POST /api/nudges': () =>
        refuse
          ? jsonResponse(429, { detail: "You're sending nudges too fast. Please wait a minute and try again." })
          : jsonResponse(201, {
              id: 'n-1',
              type: 'cheer',
              from_name: 'Ana Silva',
              from_username: 'ana_silva',
              message: 'Ana Silva is cheering you on!',
              created_at: minutesAgo(0),
              is_read: false,
            }),
    });
    const { user } = await openDashboard();
    await user.click(await within(pulseRegion()).findByRole('button', { name: 'Cheer Maria L.' }));
    expect(await within(pulseRegion()).findByRole('status')).toHaveTextContent('Cheer sent!');
    expect(callsTo(fetchMock, 'POST /api/nudges')[0]?.body).toEqual({ type: 'cheer', to_user_id: 'u-maria', event_id: 'e-1' });

    refuse = true;
    await user.click(within(pulseRegion()).getByRole('button', { name: 'Give props to Maria L.' }));
    expect(await within(pulseRegion()).findByText("You're sending nudges too fast. Please wait a minute and try again.")).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/nudges')[1]?.body).toEqual({ type: 'props', to_user_id: 'u-maria', event_id: 'e-1' });
  });

  it('closes the socket on logout', async () => {
    mockDashboard({ [PULSE]: jsonResponse(200, []) });
    const { user } = await openDashboard();
    const socket = FakeWebSocket.latest();
    socket.open();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(socket.closed).toBe(true));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('meets a socket closed for an expired session as a 401: the token is dropped and the sign-in screen shows, with no reconnect', async () => {
    mockDashboard({ [PULSE]: jsonResponse(200, []), 'GET /api/me': jsonResponse(401, { detail: 'Could not validate credentials' }) });
    const { router } = await openDashboard();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.closeBy(LIVE_SOCKET_CLOSE.sessionExpired.code, LIVE_SOCKET_CLOSE.sessionExpired.reason);
    expect(await screen.findByRole('heading', { name: 'Welcome back, warrior' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
    expect(FakeWebSocket.instances).toHaveLength(1);
    logged.mockRestore();
  });
});
