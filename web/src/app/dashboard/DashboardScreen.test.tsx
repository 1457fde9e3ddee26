import type { Badge } from '@warriors/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROMO_URL } from '../../config/external';
import { leaderboardRow } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn, testUser } from '../../../test/render';

const earnedBadge: Badge = {
  id: 'b-1',
  badge_type: 'first_meeting',
  name: 'First Meeting',
  description: 'Booked your first meeting',
  cycle: 'lifetime',
  repeat_count: 1,
  repeat: 1,
  earned_at: '2025-03-02T15:00:00Z',
};

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
        user_id: 'u-7',
        name: 'Bob Stone',
        username: 'bob',
        activity_type: 'meeting',
        points: 10,
        created_at: new Date(Date.now() - 5 * 60_000).toISOString().replace('Z', ''),
        company: null,
        city: null,
        state: null,
        rank: 1,
      },
    ]),
    'GET /api/badge-definitions': jsonResponse(200, definitions),
    ...overrides,
  });
}

async function openDashboard(user = { ...testUser, badges: [earnedBadge] }) {
  const view = renderApp('/dashboard', signedIn(user));
  await screen.findByRole('heading', { name: 'Welcome back, Ana' });
  return { user: userEvent.setup(), ...view };
}

beforeEach(() => localStorage.clear());

describe('DashboardScreen', () => {
  it("shows the streak, the badge count and today's rank", async () => {
    mockDashboard();
    await openDashboard();
    expect(screen.getByText('Day streak').parentElement).toHaveTextContent('3Day streak');
    expect(screen.getByRole('button', { name: '1 Badges earned' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: "#2 Today's rank" })).toBeInTheDocument();
  });

  it('carries the upsell banner to the external offer', async () => {
    mockDashboard();
    await openDashboard();
    const banner = screen.getByRole('complementary', { name: 'Automation offer' });
    expect(within(banner).getByRole('link', { name: 'See the automation offer' })).toHaveAttribute('href', PROMO_URL);
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
    expect(within(board).getByLabelText('Rank 1')).toHaveTextContent('🥇');
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

  it('fires the recent shots into the feed with how long ago, and keeps Battle Pulse coming soon', async () => {
    mockDashboard();
    await openDashboard();
    const shots = screen.getByRole('region', { name: 'Shots Fired' });
    expect(await within(shots).findByText('Bob Stone')).toBeInTheDocument();
    expect(within(shots).getByRole('listitem')).toHaveTextContent('Bob Stone Meeting+10 pts · 5m ago');
    expect(within(screen.getByRole('region', { name: 'Battle Pulse' })).getByText('Coming soon')).toBeInTheDocument();
  });

  it('says so when nobody has fired yet', async () => {
    mockDashboard({ 'GET /api/recent-activities': jsonResponse(200, []) });
    await openDashboard();
    expect(await screen.findByText('No activity yet. Be the first to make a move!')).toBeInTheDocument();
  });
});
