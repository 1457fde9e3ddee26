import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { badge, publicProfile } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, mockFetch, renderApp, signedIn, testUser } from '../../../test/render';

const firstMeeting = badge();

beforeEach(() => localStorage.clear());

async function openProfile(path = '/profile') {
  const user = userEvent.setup();
  const view = renderApp(path, signedIn());
  await screen.findByRole('heading', { name: 'Profile & Settings' });
  return { user, ...view };
}

describe('ProfileScreen', () => {
  it('shows the specialty title-cased', async () => {
    await openProfile();
    expect(screen.getByLabelText('Specialty')).toHaveValue('Office Leasing');
  });

  it('flips a visibility switch only when the server accepts the change', async () => {
    const fetchMock = mockFetch(jsonResponse(500, {}), jsonResponse(200, { ...testUser, profile_public: false }));
    const { user } = await openProfile();
    const publicProfile = screen.getByRole('switch', { name: 'Public profile' });

    await user.click(publicProfile);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update visibility');
    expect(publicProfile).toHaveAttribute('aria-checked', 'true');

    await user.click(publicProfile);
    await waitFor(() => expect(publicProfile).toHaveAttribute('aria-checked', 'false'));
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/settings/privacy?profile_public=false');
  });

  it('refuses a picture of 5MB or more without uploading it', async () => {
    const fetchMock = mockFetch();
    const { user } = await openProfile();
    const big = new File(['x'], 'me.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 });

    await user.upload(screen.getByLabelText('Change photo'), big);
    expect(screen.getByRole('alert')).toHaveTextContent('File size must be less than 5MB');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads a picture as a data URL and then shows it from the URL the answer gives', async () => {
    const pictureUrl = `/api/users/${testUser.id}/picture?v=2`;
    const fetchMock = mockFetch(jsonResponse(200, { ...testUser, profile_picture: pictureUrl }));
    const { user } = await openProfile();
    await user.upload(screen.getByLabelText('Change photo'), new File(['x'], 'me.png', { type: 'image/png' }));

    expect((await screen.findByText('Profile picture uploaded successfully!')).closest('[role="status"]')).not.toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/settings/profile-picture');
    expect(JSON.parse(init.body as string)).toEqual({ profile_picture: 'data:image/png;base64,eA==' });
    expect(document.querySelector('.avatar-upload img.avatar')).toHaveAttribute('src', pictureUrl);
  });

  it('chooses the streak mode, which moves only when the server accepts it', async () => {
    const fetchMock = mockFetch(jsonResponse(500, {}), jsonResponse(200, { ...testUser, streak_mode: 'weekdays' }));
    const { user } = await openProfile();
    const streak = screen.getByRole('group', { name: 'Count my streak' });
    const everyDay = within(streak).getByRole('radio', { name: 'Every day' });
    const weekdays = within(streak).getByRole('radio', { name: 'Weekdays (Mon–Fri)' });
    expect(everyDay).toBeChecked();
    expect(weekdays).toHaveAccessibleDescription('Saturday and Sunday neither break nor extend it.');

    await user.click(weekdays);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update the streak');
    expect(everyDay).toBeChecked();

    // The keyboard chooses as well: arrows move between the options of the group.
    everyDay.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(weekdays).toBeChecked());
    expect(callsTo(fetchMock, 'PUT /api/settings/profile').map((call) => call.body)).toEqual([{ streak_mode: 'weekdays' }, { streak_mode: 'weekdays' }]);
  });

  it('saves the profile information', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { ...testUser, bio: 'Hunting office deals' }));
    const { user } = await openProfile();
    await user.type(screen.getByLabelText('Bio'), 'Hunting office deals');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect((await screen.findByText('Profile saved successfully!')).closest('[role="status"]')).not.toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/settings/profile');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toMatchObject({ name: 'Ana Silva', bio: 'Hunting office deals' });
  });

  it('drops the saved note at the next edit', async () => {
    mockFetch(jsonResponse(200, { ...testUser, bio: 'Hunting office deals' }));
    const { user } = await openProfile();
    await user.type(screen.getByLabelText('Bio'), 'Hunting office deals');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect((await screen.findByText('Profile saved successfully!')).closest('[role="status"]')).not.toBeNull();

    await user.type(screen.getByLabelText('City'), 'A');
    expect(screen.queryByText('Profile saved successfully!')).not.toBeInTheDocument();
  });

  it('says so when deleting the account fails', async () => {
    mockFetch(jsonResponse(500, {}));
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete account. Please try again.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes the account, logs out and tells the user on the sign-in screen', async () => {
    mockFetch(jsonResponse(200, { detail: 'Account deleted' }));
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));

    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back, warrior' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows 'Loading profile...' for another warrior, then 'Profile not found' for an unknown one", async () => {
    mockFetch(jsonResponse(404, { detail: 'Profile not found' }));
    renderApp('/profile/u-2', signedIn());
    expect(await screen.findByText('Loading profile...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
  });

  it("shows another warrior's full public profile", async () => {
    const badges = Array.from({ length: 8 }, (_, index) => ({ ...firstMeeting, id: `b-${index}`, name: `Badge ${index}` }));
    mockApi({
      'GET /api/users/u-bob/public-profile': jsonResponse(
        200,
        publicProfile({
          rank: 4,
          streak_days: 12,
          today_points: 15,
          points_7d: 120,
          points_30d: 1430,
          total_points: 5000,
          company: 'Stone CRE',
          specialty: 'investment_sales',
          city: 'Denver',
          state: 'CO',
          x_url: 'https://x.com/bobstone',
          bio: 'Dialing since dawn.',
          badges: [{ ...firstMeeting, repeat_count: 3 }, ...badges.slice(1)],
          activity_counts: { today: { cold_call: 5 }, '7d': { cold_call: 40, meeting: 2 }, '30d': { cold_call: 150, meeting: 6 } },
        }),
      ),
    });
    renderApp('/profile/u-bob', signedIn());
    expect(await screen.findByRole('heading', { name: 'Bob Stone', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('@bob · Member since Nov 5, 2024')).toBeInTheDocument();
    const facts = screen.getByText('Rank').closest('dl');
    const shown = ['Rank#4', 'Streak12 days', 'Today15 pts', 'Last 7 days120 pts', 'Last 30 days1,430 pts', 'CompanyStone CRE', 'SpecialtyInvestment Sales', 'LocationDenver, CO'];
    expect(
      within(facts!)
        .getAllByRole('term')
        .map((term) => term.parentElement?.textContent),
    ).toEqual(shown);
    expect(screen.getByText('Dialing since dawn.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile on X' })).toHaveAttribute('href', 'https://x.com/bobstone');

    const badgeList = within(screen.getByRole('region', { name: 'Badges' })).getAllByRole('listitem');
    expect(badgeList).toHaveLength(8);
    expect(badgeList[0]).toHaveTextContent('First Meeting ×3');

    const activity = screen.getByRole('table', { name: 'Activities logged' });
    const rows = within(activity).getAllByRole('row');
    expect(rows.map((row) => row.textContent?.trim())).toEqual(['ActivityToday7 days30 days', 'Cold Call540150', 'Meeting026']);
  });

  it('shows only the username and the server message for a private profile', async () => {
    mockApi({
      'GET /api/users/u-cy/public-profile': jsonResponse(200, { id: 'u-cy', username: 'cy', profile_public: false, message: 'This user has set their profile to private' }),
    });
    renderApp('/profile/u-cy', signedIn());
    expect(await screen.findByRole('heading', { name: '@cy', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This user has set their profile to private')).toBeInTheDocument();
    expect(screen.queryByText(/Member since/)).not.toBeInTheDocument();
  });

  it('goes Back to the screen it was opened from, or to the dashboard when opened first in the tab', async () => {
    mockApi({
      'GET /api/users/u-bob/public-profile': jsonResponse(200, publicProfile()),
      'GET /api/users/u-cy/public-profile': jsonResponse(200, { id: 'u-cy', username: 'cy', profile_public: false, message: 'This user has set their profile to private' }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/badges', signedIn());
    await router.navigate('/profile/u-bob');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/badges'));
    router.dispose();

    const first = renderApp('/profile/u-cy', signedIn());
    await screen.findByRole('heading', { name: '@cy', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dashboard'));
  });

  it('offers every nudge on a public profile, sends one and says it was sent; a private profile offers none', async () => {
    const fetchMock = mockApi({
      'GET /api/users/u-bob/public-profile': jsonResponse(200, publicProfile()),
      'POST /api/nudges': jsonResponse(201, {
        id: 'n-1',
        type: 'challenge',
        from_name: testUser.name,
        from_username: testUser.username,
        message: 'x',
        created_at: '2026-11-25T10:00:00Z',
        is_read: false,
      }),
      'GET /api/users/u-cy/public-profile': jsonResponse(200, { id: 'u-cy', username: 'cy', profile_public: false, message: 'This user has set their profile to private' }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/profile/u-bob', signedIn());
    const nudges = await screen.findByRole('group', { name: 'Nudge Bob Stone' });
    expect(
      within(nudges)
        .getAllByRole('button')
        .map((button) => button.textContent?.trim()),
    ).toEqual(['Props', 'Cheer', 'Encourage', 'Challenge']);
    await user.click(within(nudges).getByRole('button', { name: 'Challenge Bob Stone to a prospecting battle' }));
    expect(await within(nudges).findByRole('status')).toHaveTextContent('Challenge sent!');
    expect(callsTo(fetchMock, 'POST /api/nudges')[0]?.body).toEqual({ type: 'challenge', to_user_id: 'u-bob' });

    await router.navigate('/profile/u-cy');
    await screen.findByRole('heading', { name: '@cy', level: 1 });
    expect(screen.queryByRole('group', { name: /^Nudge/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cheer/ })).not.toBeInTheDocument();
  });

  describe('Download my data', () => {
    const saved: Array<{ name: string; href: string }> = [];
    beforeEach(() => {
      saved.length = 0;
      URL.createObjectURL = jest.fn(() => 'blob:export');
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, href: this.href });
      });
    });
    afterEach(() => jest.restoreAllMocks());

    const fileResponse = (name: string): Response =>
      ({ ...jsonResponse(200, {}, { 'Content-Disposition': `attachment; filename="${name}"` }), blob: async () => new Blob(['id\r\n']) }) as Response;

    it('fetches each file with the session token in the Authorization header and saves it under the server’s name', async () => {
      const fetchMock = mockFetch(fileResponse('prospect-warriors-activities-2026-11-26.csv'), fileResponse('prospect-warriors-data-2026-11-26.json'));
      const { user } = await openProfile();
      await user.click(screen.getByRole('button', { name: 'Activities (CSV)' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: 'Everything (JSON)' }));
      await waitFor(() => expect(saved).toHaveLength(2));

      expect(saved.map((file) => file.name)).toEqual(['prospect-warriors-activities-2026-11-26.csv', 'prospect-warriors-data-2026-11-26.json']);
      expect(saved[0]!.href).toBe('blob:export');
      const calls = fetchMock.mock.calls as Array<[string, RequestInit]>;
      expect(calls.map(([url]) => url)).toEqual(['/api/export/activities.csv', '/api/export/me.json']);
      expect(calls.every(([url, init]) => !url.includes('token') && (init.headers as Record<string, string>).Authorization === 'Bearer test-token')).toBe(true);
    });

    it('says why a download failed: the server’s message, else a fallback', async () => {
      mockFetch(jsonResponse(503, { detail: 'Held entries are unavailable right now. Please try again shortly.' }), jsonResponse(500, 'oops'));
      const { user } = await openProfile();
      await user.click(screen.getByRole('button', { name: 'Activities (CSV)' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Held entries are unavailable right now. Please try again shortly.');
      await user.click(screen.getByRole('button', { name: 'Everything (JSON)' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to download your data. Please try again.'));
      expect(saved).toEqual([]);
    });
  });
});
