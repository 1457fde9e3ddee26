import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recapNotice, weeklyRecap } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn, testUser } from '../../../test/render';

/** 09:00 on Monday 9 March 2026 in Chicago (testUser's timezone), the first Monday after the recapped week. */
const MONDAY = new Date('2026-03-09T14:00:00Z');
/** 09:00 on Tuesday in Chicago. */
const TUESDAY = new Date('2026-03-10T14:00:00Z');

const busyWeek = weeklyRecap({
  points: { value: 160, previous: 40, change: 120 },
  logs: { value: 75, previous: 78, change: -3 },
  logs_by_type: [
    { activity_type: 'cold_call', value: 50, previous: 70, change: -20 },
    { activity_type: 'meeting', value: 5, previous: 8, change: -3 },
    { activity_type: 'doorknock', value: 20, previous: 0, change: 20 },
  ],
  best_day: { value: { date: '2026-03-08', points: 60 }, previous: { date: '2026-02-24', points: 20 } },
  goals_completed: { value: 2, previous: 2, change: 0, names: ['Email Marathon', 'Doorknock Blitz'] },
  badges_earned: {
    value: 3,
    previous: 1,
    change: 2,
    badges: [
      { badge_type: 'daily_victory', name: 'Daily Victory' },
      { badge_type: 'call_crusher', name: 'Call Crusher' },
      { badge_type: 'daily_victory', name: 'Daily Victory' },
    ],
  },
  rank: { value: 3, previous: 5, change: 2 },
});

async function openDashboard(at: Date, user = testUser) {
  jest.useFakeTimers({ now: at, advanceTimers: true });
  const view = renderApp('/dashboard', signedIn(user));
  await screen.findByRole('heading', { name: /Ana/, level: 1 });
  return { user: userEvent.setup(), ...view };
}

const figure = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: 'dt' }).parentElement!;

beforeEach(() => localStorage.clear());
afterEach(() => jest.useRealTimers());

describe('the weekly recap card', () => {
  it('shows last week against the week before on the broker’s local Monday', async () => {
    mockApi({ 'GET /api/recap/weekly': jsonResponse(200, busyWeek) });
    await openDashboard(MONDAY);
    const card = await screen.findByRole('region', { name: 'Your week in review' });
    expect(within(card).getByText('Mar 2 – Mar 8, against Feb 23 – Mar 1')).toBeInTheDocument();
    expect(figure(card, 'Points')).toHaveTextContent('160+120 vs. the week before');
    expect(figure(card, 'Activities logged')).toHaveTextContent('75−3 vs. the week before');
    expect(figure(card, 'Rank')).toHaveTextContent('#3Up 2 places');
    expect(figure(card, 'Best day')).toHaveTextContent('Sun, Mar 860 pointsWeek before: Tue, Feb 24, 20 points');
    expect(figure(card, 'Goals completed')).toHaveTextContent('2Same as the week beforeEmail Marathon, Doorknock Blitz');
    expect(figure(card, 'Badges earned')).toHaveTextContent('3+2 vs. the week beforeDaily Victory ×2, Call Crusher');
    const types = within(card).getByRole('list', { name: 'Activities by type' });
    expect(
      within(types)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['50 Cold Calls−20', '5 Meetings−3', '20 Doorknocks+20']);
  });

  it('stays dismissed for the week once dismissed, after a reload too', async () => {
    const fetchMock = mockApi({ 'GET /api/recap/weekly': jsonResponse(200, busyWeek) });
    const { user, unmount } = await openDashboard(MONDAY);
    await user.click(await screen.findByRole('button', { name: "Dismiss this week's recap" }));
    expect(screen.queryByRole('region', { name: 'Your week in review' })).not.toBeInTheDocument();
    unmount();
    jest.useRealTimers();

    await openDashboard(new Date(MONDAY.getTime() + 3_600_000));
    await screen.findByRole('region', { name: 'Battle Ground' });
    expect(screen.queryByRole('region', { name: 'Your week in review' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/recap/weekly')).toHaveLength(1);
  });

  it('says kindly that last week was quiet, mentioning the week before’s points', async () => {
    mockApi({ 'GET /api/recap/weekly': jsonResponse(200, weeklyRecap({ points: { value: 0, previous: 35, change: -35 } })) });
    await openDashboard(MONDAY);
    const card = await screen.findByRole('region', { name: 'Your week in review' });
    expect(card).toHaveTextContent("No activity last week, and that's okay.");
    expect(card).toHaveTextContent('The week before, you earned 35 points. You can get back there.');
    expect(within(card).queryByText('Points', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('is not shown on other days, nor to a broker who joined after the recapped week, and then is not asked for', async () => {
    const fetchMock = mockApi({ 'GET /api/recap/weekly': jsonResponse(200, busyWeek) });
    const { unmount } = await openDashboard(TUESDAY);
    await screen.findByRole('region', { name: 'Battle Ground' });
    expect(screen.queryByRole('region', { name: 'Your week in review' })).not.toBeInTheDocument();
    unmount();
    jest.useRealTimers();

    // Signed up at 08:00 that Monday: the week recapped was over before the account existed.
    await openDashboard(MONDAY, { ...testUser, created_at: '2026-03-09T13:00:00Z' });
    await screen.findByRole('region', { name: 'Battle Ground' });
    expect(screen.queryByRole('region', { name: 'Your week in review' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/recap/weekly')).toHaveLength(0);
  });
});

describe('the bell’s weekly recap line', () => {
  it('is unread until opened; a click marks it read and opens the recap on the dashboard whatever the day', async () => {
    const fetchMock = mockApi({
      'GET /api/recap/notices': jsonResponse(200, [recapNotice()]),
      'PUT /api/recap/notices/2026-03-02/read': jsonResponse(200, recapNotice({ is_read: true })),
      'GET /api/recap/weekly': jsonResponse(200, busyWeek),
    });
    const { user } = await openDashboard(TUESDAY);
    expect(screen.queryByRole('region', { name: 'Your week in review' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('button', { name: /Your weekly recap is ready: Mar 2 – Mar 8/ }));

    expect(await screen.findByRole('region', { name: 'Your week in review' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/recap/notices/2026-03-02/read')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('is not offered to a broker who joined after the recapped week', async () => {
    mockApi({ 'GET /api/recap/notices': jsonResponse(200, [recapNotice()]) });
    const { user } = await openDashboard(MONDAY, { ...testUser, created_at: '2026-03-09T13:00:00Z' });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications yet')).toBeInTheDocument();
  });
});
