import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leaderboardRow, publicProfile } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn, rankShown, testUser } from '../../../test/render';

const recently = new Date(Date.now() - 2 * 60_000).toISOString();
const longAgo = new Date(Date.now() - 60 * 60_000).toISOString();

const rows = [
  leaderboardRow(1, { id: 'u-bob', name: 'Bob Stone', username: 'bob', last_activity_date: recently, profile_picture: '/api/users/u-bob/picture?v=3' }),
  leaderboardRow(2, { id: 'u-cy', name: '', username: 'cy_hustle', last_activity_date: longAgo }),
  leaderboardRow(3, { name: 'Dee Park' }),
  leaderboardRow(4, { id: testUser.id, name: testUser.name, username: testUser.username, last_activity_date: null }),
];

const standing = (rank: number | null, window = 'today') => jsonResponse(200, { rank, points: 12, gap_to_next: 7, window });

async function openLeaderboard(replies: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/leaderboard/today': jsonResponse(200, rows),
    'GET /api/leaderboard/me?window=today': standing(4),
    ...replies,
  });
  const view = renderApp('/leaderboard', signedIn());
  await screen.findByRole('heading', { name: 'Leaderboard' });
  return { user: userEvent.setup(), fetchMock, ...view };
}

function rowOf(name: string) {
  const row = screen.getByRole('button', { name }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

beforeEach(() => localStorage.clear());

describe('LeaderboardScreen', () => {
  it("ranks with medals then #n, names as 'First L.' or the username, and marks the user (You)", async () => {
    await openLeaderboard();
    await screen.findByRole('button', { name: 'Bob S.' });
    expect(rankShown(within(rowOf('Bob S.')).getByLabelText('Rank 1'))).toBe('gold medal');
    expect(rankShown(within(rowOf('cy_hustle')).getByLabelText('Rank 2'))).toBe('silver medal');
    expect(rankShown(within(rowOf('Dee P.')).getByLabelText('Rank 3'))).toBe('bronze medal');
    expect(rankShown(within(rowOf('Ana S.')).getByLabelText('Rank 4'))).toBe('#4');
    expect(rowOf('Ana S.')).toHaveTextContent('(You)');
    expect(rowOf('Bob S.')).not.toHaveTextContent('(You)');
  });

  it("shows a warrior's picture from its URL, else the initial", async () => {
    await openLeaderboard();
    await screen.findByRole('button', { name: 'Bob S.' });
    expect(rowOf('Bob S.').querySelector('img.avatar')).toHaveAttribute('src', '/api/users/u-bob/picture?v=3');
    expect(rowOf('Dee P.').querySelector('img.avatar')).toBeNull();
    expect(rowOf('Dee P.')).toHaveTextContent('D');
  });

  it('shows Active for the user and for a log under 10 minutes old, else Offline', async () => {
    await openLeaderboard();
    await screen.findByRole('button', { name: 'Bob S.' });
    expect(rowOf('Bob S.')).toHaveTextContent('Active');
    expect(rowOf('cy_hustle')).toHaveTextContent('Offline');
    expect(rowOf('Dee P.')).toHaveTextContent('Offline');
    expect(rowOf('Ana S.')).toHaveTextContent('Active');
  });

  it('counts down to midnight on Today only, and loads another period from its tab', async () => {
    const { user, fetchMock } = await openLeaderboard({
      'GET /api/leaderboard/alltime': jsonResponse(200, []),
      'GET /api/leaderboard/me?window=alltime': standing(null, 'alltime'),
    });
    expect(screen.getByRole('timer')).toHaveTextContent(/^\d\d:\d\d:\d\d$/);

    await user.click(screen.getByRole('tab', { name: 'All-Time' }));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(await screen.findByText('No leaderboard data yet')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/leaderboard/alltime')).toHaveLength(1);
  });

  it('sums up a rank below the top 20 with the points needed to pass the next one up', async () => {
    await openLeaderboard({ 'GET /api/leaderboard/me?window=today': standing(24) });
    const summary = await screen.findByRole('complementary', { name: 'Your standing' });
    expect(summary).toHaveTextContent("You're #24 today with 12 points.");
    expect(summary).toHaveTextContent('7 points to pass #23.');
  });

  it('shows no summary for a rank within the top 20', async () => {
    const { fetchMock } = await openLeaderboard({ 'GET /api/leaderboard/me?window=today': standing(20) });
    await screen.findByRole('button', { name: 'Bob S.' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/leaderboard/me?window=today')).toHaveLength(1));
    expect(screen.queryByRole('complementary', { name: 'Your standing' })).not.toBeInTheDocument();
  });

  it('opens a public profile from a name', async () => {
    const { user } = await openLeaderboard({
      'GET /api/users/u-bob/public-profile': jsonResponse(200, publicProfile({ total_points: 1234, streak_days: 9, profile_picture: '/api/users/u-bob/picture?v=3' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Bob S.' }));
    const dialog = screen.getByRole('dialog', { name: 'Bob S.' });
    expect(await within(dialog).findByText('Bob Stone')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Member sinceNov 5, 2024');
    expect(dialog).toHaveTextContent('Total points1,234');
    expect(dialog).toHaveTextContent('Streak9 days');
    expect(dialog.querySelector('img.avatar')).toHaveAttribute('src', '/api/users/u-bob/picture?v=3');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers the Nudge action on another warrior's card, not on the user's own nor on a private one", async () => {
    const { user, fetchMock } = await openLeaderboard({
      'GET /api/users/u-bob/public-profile': jsonResponse(200, publicProfile()),
      [`GET /api/users/${testUser.id}/public-profile`]: jsonResponse(200, publicProfile({ id: testUser.id, name: testUser.name, username: testUser.username })),
      'GET /api/users/u-cy/public-profile': jsonResponse(200, { id: 'u-cy', username: 'cy_hustle', profile_public: false, message: 'This user has set their profile to private' }),
      'POST /api/nudges': jsonResponse(201, {
        id: 'n-1',
        type: 'props',
        from_name: testUser.name,
        from_username: testUser.username,
        message: 'x',
        created_at: '2026-11-25T10:00:00Z',
        is_read: false,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Bob S.' }));
    const card = screen.getByRole('dialog', { name: 'Bob S.' });
    await user.click(await within(card).findByRole('button', { name: 'Give props to Bob Stone' }));
    expect(await within(card).findByText('Props sent!')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/nudges')[0]?.body).toEqual({ type: 'props', to_user_id: 'u-bob' });
    await user.click(within(card).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Ana S.' }));
    const own = screen.getByRole('dialog');
    await within(own).findByText('Member since');
    expect(within(own).queryByRole('group', { name: /^Nudge/ })).not.toBeInTheDocument();
    await user.click(within(own).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'cy_hustle' }));
    await within(screen.getByRole('dialog')).findByText(/This user has set their profile to private/);
    expect(within(screen.getByRole('dialog')).queryByRole('group', { name: /^Nudge/ })).not.toBeInTheDocument();
  });

  it('shows a lock and the private notice for a private profile, and says when a profile is gone or unreadable', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openLeaderboard({
      'GET /api/users/u-cy/public-profile': jsonResponse(200, { id: 'u-cy', username: 'cy_hustle', profile_public: false, message: 'This user has set their profile to private' }),
      'GET /api/users/u-103/public-profile': jsonResponse(404, { detail: 'Profile not found' }),
      'GET /api/users/u-bob/public-profile': jsonResponse(503, { detail: 'Service unavailable' }),
    });
    await user.click(await screen.findByRole('button', { name: 'cy_hustle' }));
    const notice = await within(screen.getByRole('dialog')).findByText(/This user has set their profile to private/);
    expect(notice).toHaveTextContent('This user has set their profile to private');
    expect(screen.getByRole('dialog')).not.toHaveTextContent('Member since');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Dee P.' }));
    expect(await within(screen.getByRole('dialog')).findByText('Profile not found')).toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Bob S.' }));
    expect(await within(screen.getByRole('dialog')).findByText('Profile unavailable')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to fetch profile', expect.anything());
    logged.mockRestore();
  });

  it('links to the automation offer', async () => {
    await openLeaderboard({ 'GET /api/client-config': jsonResponse(200, { promo_url: 'https://offers.example.org/automation', coaching_enabled: false }) });
    expect(await screen.findByRole('link', { name: 'See the automation offer' })).toHaveAttribute('href', 'https://offers.example.org/automation');
  });
});
