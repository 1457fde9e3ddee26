import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHALLENGE_MESSAGES, type Challenge } from '@warriors/contracts';
import { challenge, challengeEntry, challengeInvite } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, pendingForever, renderApp, signedIn, rankShown, signedOut } from '../../../test/render';

type Replies = Parameters<typeof mockApi>[0];

const OPEN = 'GET /api/challenges/open?window=active';
const MINE = 'GET /api/challenges/my?window=active';
const PAST = 'GET /api/challenges/my?window=completed';

function lists({ open = [], mine = [], past = [] }: { open?: Challenge[]; mine?: Challenge[]; past?: Challenge[] }): Replies {
  return { [OPEN]: jsonResponse(200, open), [MINE]: jsonResponse(200, mine), [PAST]: jsonResponse(200, past) };
}

async function openChallenges(replies: Replies, path = '/challenges') {
  const fetchMock = mockApi(replies);
  const view = renderApp(path, signedIn());
  await screen.findByRole('heading', { name: 'Open Challenges', level: 1 });
  return { user: userEvent.setup(), fetchMock, ...view };
}

/** The text shows inside a live status region, so a screen reader announces it. */
async function announced(text: string, inside: HTMLElement = document.body) {
  const note = await within(inside).findByText(text);
  expect(note.closest('[role="status"]')).not.toBeNull();
}

const card = (name: string) => screen.getByRole('button', { name }).closest('li') as HTMLElement;
const dialog = (name: string) => screen.findByRole('dialog', { name });

beforeEach(() => localStorage.clear());

/** Pins the browser's Date (only: user-event and the fetch mock keep real timers), so the forms' date rules judge fixed dates. */
function pinDate(local: string) {
  beforeEach(() =>
    jest.useFakeTimers({
      now: new Date(local),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    }),
  );
  afterEach(() => jest.useRealTimers());
}

describe('ChallengesScreen', () => {
  it('shows the title, Create Challenge, three tabs and each tab’s empty state', async () => {
    const { user, fetchMock } = await openChallenges(lists({}));
    expect(screen.getByText('Compete with fellow warriors in custom challenges')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Challenge' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Open Challenges', 'My Challenges', 'Past Challenges']);
    expect(await screen.findByText('No open challenges available')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'My Challenges' }));
    expect(await screen.findByText("You haven't joined any challenges yet")).toBeInTheDocument();
    expect(callsTo(fetchMock, MINE)).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Past Challenges' }));
    await waitFor(() => expect(callsTo(fetchMock, PAST)).toHaveLength(1));
    expect(await screen.findByText("You haven't joined any challenges yet")).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Past Challenges');
  });

  it('shows a spinner while the list loads', async () => {
    await openChallenges({ [OPEN]: pendingForever as unknown as Response });
    await announced('Loading challenges...');
  });

  it('shows every element of a card, with Join Challenge only on open cards not joined', async () => {
    const hosted = challenge({ id: 1, name: 'Private Push', is_private: true, visibility: 'private', role: 'owner', my_role: 'owner', members_count: 1, points_target: 1500 });
    const other = challenge({ id: 2, name: 'Door Derby', is_joined: false, role: null, my_role: null, points_target: null, members_count: 12, activity_goals: {} });
    const ended = challenge({ id: 3, name: 'Old Fight', status: 'ended', days_remaining: 0 });
    await openChallenges(lists({ open: [hosted, other, ended] }));
    await screen.findByRole('button', { name: 'Private Push' });

    const hostedCard = card('Private Push');
    expect(within(hostedCard).getByRole('img', { name: 'You host this challenge' })).toBeInTheDocument();
    expect(within(hostedCard).getByRole('img', { name: 'Private challenge' })).toBeInTheDocument();
    expect(hostedCard).toHaveTextContent('Most dials wins');
    expect(hostedCard).toHaveTextContent('Nov 20, 2026 – Nov 29, 2026');
    expect(hostedCard).toHaveTextContent('1 warrior');
    expect(hostedCard).not.toHaveTextContent('1 warriors');
    expect(hostedCard).toHaveTextContent('Goal: 1,500 points');
    // A challenge with activity goals ranks on their points alone (issue 41), and says so.
    expect(hostedCard).toHaveTextContent('Ranked on Cold Calls');
    expect(hostedCard).toHaveTextContent('5 days remaining');
    expect(hostedCard).not.toHaveTextContent('Your points');

    const otherCard = card('Door Derby');
    expect(otherCard).toHaveTextContent('12 warriors');
    expect(otherCard).not.toHaveTextContent('Goal:');
    expect(otherCard).not.toHaveTextContent('Ranked on');
    expect(within(otherCard).queryByRole('img')).not.toBeInTheDocument();
    expect(within(otherCard).getByRole('button', { name: 'Join Challenge Door Derby' })).toHaveTextContent('Join Challenge');
    expect(within(hostedCard).queryByRole('button', { name: /Join Challenge/ })).not.toBeInTheDocument();

    expect(card('Old Fight')).toHaveTextContent('Challenge ended');
  });

  it('shows own points on the My tab and Edit / Delete where permitted', async () => {
    const editable = challenge({ id: 4, name: 'Next Week', role: 'owner', my_role: 'owner', status: 'upcoming', can_edit: true, can_delete: true });
    const running = challenge({ id: 5, name: 'Running', role: 'owner', my_role: 'owner', can_edit: false, can_delete: false });
    const { user } = await openChallenges(lists({ mine: [editable, running] }));
    await user.click(screen.getByRole('tab', { name: 'My Challenges' }));
    await screen.findByRole('button', { name: 'Next Week' });
    expect(card('Next Week')).toHaveTextContent('Your points: 42');
    expect(card('Next Week')).toHaveTextContent('Starts Nov 20, 2026');
    expect(card('Running')).not.toHaveTextContent('Starts');
    expect(within(card('Next Week')).getByRole('button', { name: 'Edit Challenge Next Week' })).toHaveTextContent('Edit Challenge');
    expect(within(card('Next Week')).getByRole('button', { name: 'Delete Challenge Next Week' })).toHaveTextContent('Delete Challenge');
    expect(within(card('Running')).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });

  it('shows more open challenges page by page with Show more, keeping the ones shown, until the last page', async () => {
    const open = (id: number) => challenge({ id, name: `Open ${id}`, is_joined: false, role: null, my_role: null });
    const SECOND = `${OPEN}&after=${encodeURIComponent('page/2+')}`;
    const THIRD = `${OPEN}&after=third`;
    const { user, fetchMock } = await openChallenges({
      [OPEN]: jsonResponse(200, [open(1), open(2)], { 'X-Next-Cursor': 'page/2+' }),
      [SECOND]: jsonResponse(200, [open(3)], { 'X-Next-Cursor': 'third' }),
      [THIRD]: jsonResponse(200, [open(4)]),
    });
    await screen.findByRole('button', { name: 'Open 1' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('button', { name: 'Open 3' });
    expect(screen.getByRole('button', { name: 'Open 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('button', { name: 'Open 4' });
    expect(screen.getAllByRole('button', { name: /^Open \d$/ }).map((button) => button.textContent)).toEqual(['Open 1', 'Open 2', 'Open 3', 'Open 4']);
    // The last page names no next one: nothing more to show.
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect([callsTo(fetchMock, OPEN), callsTo(fetchMock, SECOND), callsTo(fetchMock, THIRD)].map((calls) => calls.length)).toEqual([1, 1, 1]);
  });

  it('offers no Show more on a single page, nor on the My tab', async () => {
    const { user } = await openChallenges(lists({ open: [challenge({ id: 1, name: 'Only One' })], mine: [challenge({ id: 2, name: 'Mine' })] }));
    await screen.findByRole('button', { name: 'Only One' });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'My Challenges' }));
    await screen.findByRole('button', { name: 'Mine' });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('joins an open challenge, and shows the failure text when it cannot', async () => {
    const other = challenge({ id: 2, name: 'Door Derby', is_joined: false, role: null, my_role: null });
    const { user, fetchMock } = await openChallenges({ ...lists({ open: [other] }), 'POST /api/challenges/2/join': jsonResponse(500, {}) });
    await user.click(await screen.findByRole('button', { name: 'Join Challenge Door Derby' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to join challenge');
    expect(callsTo(fetchMock, 'POST /api/challenges/2/join')).toHaveLength(1);
  });

  it('confirms a join from the card on the page, and one from the detail dialog inside the dialog', async () => {
    const other = challenge({ id: 2, name: 'Door Derby', is_joined: false, role: null, my_role: null });
    const third = challenge({ id: 3, name: 'Mail Mania', is_joined: false, role: null, my_role: null });
    const { user } = await openChallenges({
      ...lists({ open: [other, third] }),
      'POST /api/challenges/2/join': jsonResponse(200, {}),
      'POST /api/challenges/3/join': jsonResponse(200, {}),
      'GET /api/challenges/3': jsonResponse(200, third),
    });
    await user.click(await screen.findByRole('button', { name: 'Join Challenge Door Derby' }));
    await announced('You joined "Door Derby". Good luck, warrior!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mail Mania' }));
    const detail = await dialog('Mail Mania');
    await user.click(within(detail).getByRole('button', { name: 'Join Challenge' }));
    await announced('You joined "Mail Mania". Good luck, warrior!', detail);
  });
});

describe('the create modal', () => {
  pinDate('2026-11-25T12:00');

  async function openCreate(replies: Replies = {}) {
    const opened = await openChallenges({ ...lists({}), ...replies });
    await opened.user.click(screen.getByRole('button', { name: 'Create Challenge' }));
    const form = await dialog('Create Challenge');
    return { ...opened, form };
  }

  it('checks the required fields and the points target before sending', async () => {
    const { user, form, fetchMock } = await openCreate();
    await user.click(within(form).getByRole('button', { name: 'Create Challenge' }));
    const alert = within(form).getByRole('alert');
    expect(alert).toHaveTextContent(CHALLENGE_MESSAGES.nameRequired);
    expect(alert).toHaveTextContent(CHALLENGE_MESSAGES.startRequired);
    expect(alert).toHaveTextContent(CHALLENGE_MESSAGES.endRequired);

    await user.type(within(form).getByLabelText('Challenge Name'), 'Dial Duel');
    fireEvent.change(within(form).getByLabelText('Start Date'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(form).getByLabelText('End Date'), { target: { value: '2026-12-08T09:00' } });
    await user.type(within(form).getByLabelText(/Points Target/), '0');
    await user.click(within(form).getByRole('button', { name: 'Create Challenge' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(CHALLENGE_MESSAGES.pointsTarget);
    expect(callsTo(fetchMock, 'POST /api/challenges')).toHaveLength(0);
  });

  it('starts a ticked activity at 50 and applies the blur rule to its quantity', async () => {
    const { user, form } = await openCreate();
    await user.click(within(form).getByRole('checkbox', { name: 'Cold Call' }));
    const count = within(form).getByRole('spinbutton', { name: 'Cold Call quantity' });
    expect(count).toHaveValue(50);
    await user.clear(count);
    await user.type(count, '0');
    await user.tab();
    expect(count).toHaveValue(50);
    await user.clear(count);
    await user.type(count, '20000');
    await user.tab();
    expect(count).toHaveValue(10000);
    await user.clear(count);
    await user.tab();
    expect(count).toHaveValue(50);
    await user.click(within(form).getByRole('checkbox', { name: 'Cold Call' }));
    expect(within(form).queryByRole('spinbutton', { name: 'Cold Call quantity' })).not.toBeInTheDocument();
  });

  it('sends the fields, the goals and, when private, the invites; shows Creating... meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, form, fetchMock } = await openCreate({
      'GET /api/users/search?q=ca': jsonResponse(200, [
        { id: '11111111-1111-4111-8111-111111111111', name: 'Carla Diaz', username: 'carla', profile_picture: null, company: null, profile_public: true },
        { id: 'u-1', name: 'Ana Silva', username: 'ana_silva', profile_picture: null, company: null, profile_public: true },
      ]),
      'POST /api/challenges': () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response,
    });
    await user.type(within(form).getByLabelText('Challenge Name'), '  Dial Duel ');
    await user.type(within(form).getByLabelText(/Description/), 'Dial till you drop');
    fireEvent.change(within(form).getByLabelText('Start Date'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(form).getByLabelText('End Date'), { target: { value: '2026-12-08T09:00' } });
    await user.click(within(form).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Cold Call' }));

    expect(within(form).queryByLabelText('Invite by Email')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: /Private Challenge/ }));
    expect(within(form).getByText('Only invited warriors can join', { exact: false })).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Invite by Email'), 'not an invite');
    await user.click(within(form).getByRole('button', { name: 'Create Challenge' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(CHALLENGE_MESSAGES.inviteLine);
    await user.clear(within(form).getByLabelText('Invite by Email'));
    await user.type(within(form).getByLabelText('Invite by Email'), 'Dan Fox, dan@example.com');

    const search = within(form).getByRole('searchbox', { name: 'Search Warriors' });
    await user.type(search, 'c');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/users/search'))).toHaveLength(0);
    await user.type(search, 'a');
    await user.click(await within(form).findByRole('button', { name: 'Invite Carla D.' }));
    expect(within(form).queryByRole('button', { name: 'Invite Ana Silva' })).not.toBeInTheDocument();
    expect(within(form).getByRole('list', { name: 'Warriors to invite' })).toHaveTextContent('Carla D. @carla');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/users/search'))).toHaveLength(1);

    await user.click(within(form).getByRole('button', { name: 'Create Challenge' }));
    expect(await within(form).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/challenges')[0]?.body).toEqual({
      name: 'Dial Duel',
      description: 'Dial till you drop',
      start_at: new Date('2026-12-01T09:00').toISOString(),
      end_at: new Date('2026-12-08T09:00').toISOString(),
      points_target: null,
      is_private: true,
      activity_goals: [
        { type: 'cold_call', count: 50 },
        { type: 'email', count: 50 },
      ],
      invitees: ['11111111-1111-4111-8111-111111111111'],
      invite_emails: 'Dan Fox, dan@example.com',
    });
    answer(jsonResponse(201, challenge({ id: 40, name: 'Dial Duel' })));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Challenge' })).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'My Challenges' })).toHaveAttribute('aria-selected', 'true');
    await announced('Challenge "Dial Duel" created.');
  });

  it.each([
    ['0042-12-01T09:00', '2026-12-08T09:00', CHALLENGE_MESSAGES.dateWindow],
    ['2026-11-01T09:00', '2026-11-08T09:00', CHALLENGE_MESSAGES.endInPast],
    ['2026-12-01T09:00', '2028-12-01T09:00', CHALLENGE_MESSAGES.tooLong],
  ])('refuses a start of %s and an end of %s with the server’s text, before sending', async (start, end, message) => {
    const { user, form, fetchMock } = await openCreate();
    await user.type(within(form).getByLabelText('Challenge Name'), 'Dial Duel');
    fireEvent.change(within(form).getByLabelText('Start Date'), { target: { value: start } });
    fireEvent.change(within(form).getByLabelText('End Date'), { target: { value: end } });
    await user.click(within(form).getByRole('button', { name: 'Create Challenge' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(message);
    expect(callsTo(fetchMock, 'POST /api/challenges')).toHaveLength(0);
  });

  it('shows the server validation errors, or Failed to create challenge', async () => {
    const { user, form } = await openCreate({
      'POST /api/challenges': jsonResponse(422, { detail: [{ loc: ['body', 'end_at'], msg: CHALLENGE_MESSAGES.endAfterStart }] }),
    });
    await user.type(within(form).getByLabelText('Challenge Name'), 'Dial Duel');
    fireEvent.change(within(form).getByLabelText('Start Date'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(form).getByLabelText('End Date'), { target: { value: '2026-12-08T09:00' } });
    await user.click(within(form).getByRole('button', { name: 'Create Challenge' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(`end_at: ${CHALLENGE_MESSAGES.endAfterStart}`);
  });
});

describe('edit, delete and leave', () => {
  pinDate('2026-11-19T12:00');

  const upcoming = challenge({
    id: 4,
    name: 'Next Week',
    role: 'owner',
    my_role: 'owner',
    status: 'upcoming',
    is_private: true,
    visibility: 'private',
    can_edit: true,
    can_delete: true,
    points_target: null,
    activity_goals: { doorknock: 30 },
  });

  async function openMine(replies: Replies = {}) {
    const opened = await openChallenges({ ...lists({ mine: [upcoming] }), ...replies });
    await opened.user.click(screen.getByRole('tab', { name: 'My Challenges' }));
    await screen.findByRole('button', { name: 'Next Week' });
    return opened;
  }

  it('edits with the same fields, Send Additional Invites and Update Challenge, alerting the server message', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, fetchMock } = await openMine({ 'POST /api/challenges/4/update': () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response });
    await user.click(screen.getByRole('button', { name: 'Edit Challenge Next Week' }));
    const form = await dialog('Edit Challenge');
    expect(within(form).getByLabelText('Challenge Name')).toHaveValue('Next Week');
    expect(within(form).getByRole('spinbutton', { name: 'Doorknock quantity' })).toHaveValue(30);
    expect(within(form).getByRole('group', { name: 'Send Additional Invites' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Update Challenge' }));
    expect(await within(form).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/challenges/4/update')[0]?.body).toMatchObject({ name: 'Next Week', activity_goals: [{ type: 'doorknock', count: 30 }], is_private: true });
    answer(jsonResponse(409, { detail: CHALLENGE_MESSAGES.editStarted }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(CHALLENGE_MESSAGES.editStarted);
  });

  it('confirms an update, a deletion and a leave', async () => {
    const joined = challenge({ id: 7 });
    const { user } = await openMine({
      'POST /api/challenges/4/update': jsonResponse(200, upcoming),
      'DELETE /api/challenges/4': jsonResponse(200, {}),
      ...lists({ mine: [upcoming, joined] }),
      'GET /api/challenges/7': jsonResponse(200, joined),
      'GET /api/challenges/7/leaderboard': jsonResponse(200, []),
      'POST /api/challenges/7/leave': jsonResponse(200, {}),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Challenge Next Week' }));
    await user.click(within(await dialog('Edit Challenge')).getByRole('button', { name: 'Update Challenge' }));
    await announced('Challenge "Next Week" updated.');

    await user.click(screen.getByRole('button', { name: 'Delete Challenge Next Week' }));
    await user.click(within(await dialog('Delete challenge?')).getByRole('button', { name: 'Delete Challenge' }));
    await announced('Challenge "Next Week" deleted.');

    await user.click(screen.getByRole('button', { name: 'Cold Call Clash' }));
    await user.click(within(await dialog('Cold Call Clash')).getByRole('button', { name: 'Leave Challenge' }));
    await user.click(within(await dialog('Leave challenge?')).getByRole('button', { name: 'Leave Challenge' }));
    await announced('You left "Cold Call Clash".');
  });

  it('refuses to move the start into the past before sending, with the server’s text', async () => {
    const { user, fetchMock } = await openMine();
    await user.click(screen.getByRole('button', { name: 'Edit Challenge Next Week' }));
    const form = await dialog('Edit Challenge');
    fireEvent.change(within(form).getByLabelText('Start Date'), { target: { value: '2026-11-19T09:00' } });
    await user.click(within(form).getByRole('button', { name: 'Update Challenge' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(CHALLENGE_MESSAGES.startInPast);
    expect(callsTo(fetchMock, 'POST /api/challenges/4/update')).toHaveLength(0);
  });

  it('asks before deleting and shows the delete failure text', async () => {
    const { user, fetchMock } = await openMine({ 'DELETE /api/challenges/4': jsonResponse(409, { detail: 'nope' }) });
    await user.click(screen.getByRole('button', { name: 'Delete Challenge Next Week' }));
    const confirm = await dialog('Delete challenge?');
    expect(confirm).toHaveTextContent('Are you sure you want to delete "Next Week"? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE /api/challenges/4')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Challenge Next Week' }));
    await user.click(within(await dialog('Delete challenge?')).getByRole('button', { name: 'Delete Challenge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete challenge. You can only delete challenges that are not currently active.');
    expect(callsTo(fetchMock, 'DELETE /api/challenges/4')).toHaveLength(1);
  });

  it('leaves from the detail modal after confirming, and shows Failed to leave challenge on failure', async () => {
    const joined = challenge({ id: 7 });
    const { user, fetchMock } = await openChallenges({
      ...lists({ open: [joined] }),
      'GET /api/challenges/7': jsonResponse(200, joined),
      'GET /api/challenges/7/leaderboard': jsonResponse(200, []),
      'POST /api/challenges/7/leave': jsonResponse(500, {}),
    });
    await user.click(await screen.findByRole('button', { name: 'Cold Call Clash' }));
    const detail = await dialog('Cold Call Clash');
    await user.click(within(detail).getByRole('button', { name: 'Leave Challenge' }));
    const confirm = await dialog('Leave challenge?');
    expect(confirm).toHaveTextContent('Are you sure you want to leave this challenge?');
    await user.click(within(confirm).getByRole('button', { name: 'Leave Challenge' }));
    expect(await screen.findByText('Failed to leave challenge')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/challenges/7/leave')).toHaveLength(1);
  });
});

describe('the dialogs and the keyboard', () => {
  it('closes only the confirmation on Escape, and keeps Tab inside the dialog', async () => {
    const joined = challenge({ id: 7 });
    const { user } = await openChallenges({
      ...lists({ open: [joined] }),
      'GET /api/challenges/7': jsonResponse(200, joined),
      'GET /api/challenges/7/leaderboard': jsonResponse(200, []),
    });
    await user.click(await screen.findByRole('button', { name: 'Cold Call Clash' }));
    const detail = await dialog('Cold Call Clash');
    const leave = within(detail).getByRole('button', { name: 'Leave Challenge' });
    await user.click(leave);
    await dialog('Leave challenge?');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave challenge?' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Cold Call Clash' })).toBeInTheDocument();
    expect(leave).toHaveFocus();

    const close = within(detail).getByRole('button', { name: 'Close' });
    close.focus();
    await user.tab();
    expect(leave).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Cold Call Clash' })).toHaveFocus();
  });
});

describe('the detail modal', () => {
  it('shows the facts and the leaderboard with medals, #rank, letter avatars, the crown and @username', async () => {
    const joined = challenge({ id: 7 });
    const { user } = await openChallenges({
      ...lists({ open: [joined] }),
      'GET /api/challenges/7': jsonResponse(200, joined),
      'GET /api/challenges/7/leaderboard': jsonResponse(200, [
        challengeEntry(),
        challengeEntry({ user_id: 'u-1', name: 'Ana Silva', username: 'ana_silva', role: 'member', points: 90, profile_picture: '/api/users/u-1/picture?v=1' }),
        challengeEntry({ user_id: 'u-3', name: 'carl', username: 'carl', role: 'member', points: 40 }),
        challengeEntry({ user_id: 'u-4', name: 'Dee', username: 'dee', role: 'member', points: 1 }),
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Cold Call Clash' }));
    const detail = await dialog('Cold Call Clash');
    expect(detail).toHaveTextContent('Nov 20, 2026 – Nov 29, 2026');
    expect(detail).toHaveTextContent('Warriors participating3 warriors');
    expect(detail).toHaveTextContent('Target points500 points');
    expect(detail).toHaveTextContent('LeaderboardRanked on Cold Calls');
    await within(detail).findByText('@bob');
    const rows = within(detail).getAllByRole('listitem');
    const board = rows.filter((row) => row.classList.contains('challenge-board__row'));
    expect(board.map((row) => rankShown(within(row).getByLabelText(/^Rank/)))).toEqual(['gold medal', 'silver medal', 'bronze medal', '#4']);
    // Named as every list names people: first name and last initial.
    expect(board[0]).toHaveTextContent('Bob S.');
    expect(board[0]).toHaveTextContent('@bob');
    expect(within(board[0] as HTMLElement).getByRole('img', { name: 'Host' })).toBeInTheDocument();
    expect(board[0]?.querySelector('.avatar')).toHaveTextContent('B');
    expect(board[1]?.querySelector('img.avatar')).toHaveAttribute('src', '/api/users/u-1/picture?v=1');
    expect(board[2]?.querySelector('.avatar')).toHaveTextContent('C');
    expect(within(board[1] as HTMLElement).queryByRole('img', { name: 'Host' })).not.toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Leave Challenge' })).toBeInTheDocument();
  });

  it('gives equal points the same rank and medal, and the next score the rank after the tie (1, 1, 3)', async () => {
    const joined = challenge({ id: 7 });
    const entry = (id: string, points: number) => challengeEntry({ user_id: id, name: id, username: id, role: 'member', points });
    const { user } = await openChallenges({
      ...lists({ open: [joined] }),
      'GET /api/challenges/7': jsonResponse(200, joined),
      'GET /api/challenges/7/leaderboard': jsonResponse(200, [entry('ann', 90), entry('ben', 90), entry('cal', 40), entry('dee', 40), entry('eve', 40), entry('fay', 10)]),
    });
    await user.click(await screen.findByRole('button', { name: 'Cold Call Clash' }));
    const detail = await dialog('Cold Call Clash');
    await within(detail).findByText('@ann');
    const board = within(detail)
      .getAllByRole('listitem')
      .filter((row) => row.classList.contains('challenge-board__row'));
    expect(board.map((row) => within(row).getByLabelText(/^Rank/).getAttribute('aria-label'))).toEqual(['Rank 1', 'Rank 1', 'Rank 3', 'Rank 3', 'Rank 3', 'Rank 6']);
    expect(board.map((row) => rankShown(within(row).getByLabelText(/^Rank/)))).toEqual(['gold medal', 'gold medal', 'bronze medal', 'bronze medal', 'bronze medal', '#6']);
  });

  it('says No warriors have scored yet, and gives the host no Leave', async () => {
    const hosted = challenge({ id: 8, name: 'Mine', role: 'owner', my_role: 'owner' });
    const { user } = await openChallenges({
      ...lists({ open: [hosted] }),
      'GET /api/challenges/8': jsonResponse(200, hosted),
      'GET /api/challenges/8/leaderboard': jsonResponse(200, []),
    });
    await user.click(await screen.findByRole('button', { name: 'Mine' }));
    const detail = await dialog('Mine');
    expect(await within(detail).findByText('No warriors have scored yet')).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Leave Challenge' })).not.toBeInTheDocument();
  });
});

describe('the invitation landing', () => {
  const invited = {
    id: 7,
    name: 'Cold Call Clash',
    description: 'Most dials wins',
    start_at: '2026-11-20T09:00:00Z',
    end_at: '2026-11-29T09:00:00Z',
    start_date: '2026-11-20T09:00:00Z',
    end_date: '2026-11-29T09:00:00Z',
    members_count: 3,
    points_target: 500,
    activity_goals: { cold_call: 100, email: 20 },
    owner_name: 'Bob Stone',
    visibility: 'public',
    status: 'active',
  };

  it('lets a signed-in warrior accept, then goes to /challenges', async () => {
    const { user, fetchMock, router } = await openChallenges(
      {
        ...lists({}),
        'GET /api/challenges/public/7': jsonResponse(200, invited),
        'GET /api/challenges/7': jsonResponse(404, { detail: 'Challenge not found' }),
        'POST /api/challenges/7/join': jsonResponse(200, {}),
      },
      '/challenges?id=7',
    );
    const landing = await dialog("You've been invited to join");
    await within(landing).findByText('Cold Call Clash');
    expect(landing).toHaveTextContent('Most dials wins');
    expect(landing).toHaveTextContent('Nov 20, 2026 – Nov 29, 2026');
    expect(landing).toHaveTextContent('3 warriors');
    expect(landing).toHaveTextContent('500 points');
    expect(landing).toHaveTextContent('Challenge Goals');
    expect(landing).toHaveTextContent('Cold Call: 100');
    expect(landing).toHaveTextContent('Email: 20');
    expect(landing).toHaveTextContent('Hosted by Bob Stone');
    await user.click(within(landing).getByRole('button', { name: 'Accept Challenge' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/challenges');
    expect(callsTo(fetchMock, 'POST /api/challenges/7/join')).toHaveLength(1);
    await announced('Challenge accepted: you joined "Cold Call Clash".');
  });

  it('sends a visitor without a session to sign up with the invitation', async () => {
    mockApi({ 'GET /api/challenges/public/7': jsonResponse(200, invited) });
    const { router } = renderApp('/challenges?id=7', signedOut());
    const landing = await screen.findByRole('dialog', { name: "You've been invited to join" });
    await within(landing).findByText('Cold Call Clash');
    expect(within(landing).queryByRole('button', { name: 'Accept Challenge' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(landing).getByRole('button', { name: 'Sign Up / Login to Join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?challenge_id=7');
    const card = await screen.findByRole('complementary', { name: 'Challenge invitation' });
    expect(await within(card).findByText('Cold Call Clash')).toBeInTheDocument();
  });

  it('shows Challenge not found for a link to no challenge', async () => {
    await openChallenges(
      { ...lists({}), 'GET /api/challenges/public/999': jsonResponse(404, { detail: 'Challenge not found' }), 'GET /api/challenges/999': jsonResponse(404, {}) },
      '/challenges?id=999',
    );
    const landing = await dialog('Challenge not found');
    expect(within(landing).getByRole('alert')).toHaveTextContent('Challenge not found');
    expect(
      within(landing)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(expect.not.arrayContaining(['Accept Challenge', 'Sign Up / Login to Join']));
  });
});

describe('the bell', () => {
  it('lists challenge invites newest first, unread, and accepts one then goes to /challenges', async () => {
    const older = challengeInvite({ invite_id: 'i-1', challenge_name: 'Older Fight', created_at: '2026-11-01T10:00:00Z' });
    const newer = challengeInvite({ invite_id: 'i-2', challenge_name: 'Secret Sprint', created_at: '2026-11-20T10:00:00Z' });
    const fetchMock = mockApi({
      'GET /api/campaigns': pendingForever as unknown as Response,
      'GET /api/challenge-invites': jsonResponse(200, [older, newer]),
      'POST /api/challenge-invites/i-2/accept': jsonResponse(200, {}),
    });
    const { router } = renderApp('/leaderboard', signedIn());
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    const list = screen.getByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Bob S. @bob invited you to Secret Sprint');
    expect(items[1]).toHaveTextContent('Older Fight');
    await user.click(within(list).getByRole('button', { name: 'Accept invite to Secret Sprint' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
    expect(callsTo(fetchMock, 'POST /api/challenge-invites/i-2/accept')).toHaveLength(1);
    await announced('Challenge accepted: you joined "Secret Sprint".');
  });

  it('declines an invite, which leaves the list; caps the badge at 9+', async () => {
    const invites = Array.from({ length: 10 }, (_, index) =>
      challengeInvite({ invite_id: `i-${index}`, challenge_name: `Fight ${index}`, created_at: `2026-11-${String(10 + index)}T10:00:00Z` }),
    );
    const fetchMock = mockApi({
      'GET /api/challenge-invites': jsonResponse(200, invites),
      'POST /api/challenge-invites/i-9/decline': jsonResponse(200, {}),
    });
    renderApp('/leaderboard', signedIn());
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notifications, 9+ unread' });
    expect(bell).toHaveTextContent('9+');
    await user.click(bell);
    await user.click(screen.getByRole('button', { name: 'Decline invite to Fight 9' }));
    await waitFor(() => expect(screen.queryByText('Fight 9')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST /api/challenge-invites/i-9/decline')).toHaveLength(1);
  });
});
