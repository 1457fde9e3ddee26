import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { campaignList, challengeInvite, kudos, nudge } from '../../test/fixtures';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn } from '../../test/render';

beforeEach(() => localStorage.clear());

async function openBell(unreadLabel: string) {
  const user = userEvent.setup();
  renderApp('/leaderboard', signedIn());
  const bell = await screen.findByRole('button', { name: unreadLabel });
  await user.click(bell);
  return { user, bell, list: screen.getByRole('list', { name: 'Notifications' }) };
}

describe('the links', () => {
  it('lead to the Goals screen from the dashboard, which then hides its own link', async () => {
    mockApi({ 'GET /api/campaigns': jsonResponse(200, campaignList()) });
    const user = userEvent.setup();
    renderApp('/dashboard', signedIn());
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect([...main.querySelectorAll('.nav-link')].map((link) => link.textContent)).toEqual(['Battle Ground', 'Challenges', 'Goals', 'My Stats', 'Profile']);
    await user.click(within(main).getByRole('link', { name: 'Goals' }));
    expect(await screen.findByRole('heading', { name: 'Goals', level: 1 })).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Goals' })).not.toBeInTheDocument();
  });
});

describe('the notification bell', () => {
  it('merges nudges and challenge invites newest first; a read nudge shows as read and is not counted', async () => {
    mockApi({
      'GET /api/challenge-invites': jsonResponse(200, [challengeInvite({ challenge_name: 'Dial Duel', created_at: '2026-11-24T11:00:00Z' })]),
      'GET /api/nudges/inbox': jsonResponse(200, [
        nudge({ id: 'n-2', type: 'props', message: 'Jo Park gave you props!', from_name: 'Jo Park', from_username: 'jo', created_at: '2026-11-24T12:00:00Z' }),
        nudge({ id: 'n-1', created_at: '2026-11-24T10:00:00Z', is_read: true }),
      ]),
    });
    const { bell, list } = await openBell('Notifications, 2 unread');
    expect(bell).toHaveTextContent('2');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Jo P\. gave you props!@jo · .* · Unread$/),
      expect.stringContaining('invited you to Dial Duel'),
      expect.stringMatching(/^Maria L\. is cheering you on!@maria · .* · Read$/),
    ]);
    expect(items[0]).toHaveClass('notifications__item--unread');
    expect(items[2]).not.toHaveClass('notifications__item--unread');
  });

  it('tells kudos on the user’s entries, and marks them read when clicked', async () => {
    const fetchMock = mockApi({
      'GET /api/kudos': jsonResponse(200, [kudos({ id: 'k-3', activity_type: 'meeting' })]),
      'PUT /api/kudos/k-3/read': jsonResponse(200, kudos({ id: 'k-3', activity_type: 'meeting', is_read: true })),
    });
    const { user, list } = await openBell('Notifications, 1 unread');
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent(/^Jo P\. gave kudos to your Meeting@jo · .* · Unread$/);
    await user.click(within(item).getByRole('button', { name: /Jo P\. gave kudos to your Meeting/ }));
    await waitFor(() => expect(item).not.toHaveClass('notifications__item--unread'));
    expect(callsTo(fetchMock, 'PUT /api/kudos/k-3/read')).toHaveLength(1);
  });

  it('marks a nudge read when clicked: its unread state and its count go away', async () => {
    const fetchMock = mockApi({
      'GET /api/nudges/inbox': jsonResponse(200, [nudge({ id: 'n-7' })]),
      'PUT /api/nudges/n-7/read': jsonResponse(200, {}),
    });
    const { user, list } = await openBell('Notifications, 1 unread');
    const item = within(list).getByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /Maria L\. is cheering you on!/ }));
    await waitFor(() => expect(item).not.toHaveClass('notifications__item--unread'));
    expect(item).toHaveTextContent('· Read');
    expect(screen.getByRole('button', { name: 'Notifications' })).not.toHaveTextContent('1');
    expect(callsTo(fetchMock, 'PUT /api/nudges/n-7/read')).toHaveLength(1);

    await user.click(within(item).getByRole('button', { name: /Maria L\. is cheering you on!/ }));
    expect(callsTo(fetchMock, 'PUT /api/nudges/n-7/read')).toHaveLength(1);
  });

  it('puts a nudge back to unread when the server refuses to mark it', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/nudges/inbox': jsonResponse(200, [nudge({ id: 'n-7' })]),
      'PUT /api/nudges/n-7/read': jsonResponse(404, { detail: 'Nudge not found' }),
    });
    const { user, list } = await openBell('Notifications, 1 unread');
    await user.click(within(list).getByRole('button', { name: /cheering you on/ }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to mark nudge as read', expect.anything()));
    expect(within(list).getByRole('listitem')).toHaveClass('notifications__item--unread');
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    logged.mockRestore();
  });

  it('counts unread nudges and invites together, showing 9+ above 9', async () => {
    mockApi({
      'GET /api/challenge-invites': jsonResponse(200, [challengeInvite({ invite_id: 'i-1' }), challengeInvite({ invite_id: 'i-2' })]),
      'GET /api/nudges/inbox': jsonResponse(
        200,
        Array.from({ length: 8 }, (_, index) => nudge({ id: `n-${index}` })),
      ),
    });
    const { bell } = await openBell('Notifications, 9+ unread');
    expect(bell).toHaveTextContent('9+');
  });
});
