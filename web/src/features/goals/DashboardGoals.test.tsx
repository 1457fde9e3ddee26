import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GOAL_MESSAGES, type Campaign, type CampaignList } from '@warriors/contracts';
import { campaign, campaignList, logResult } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn } from '../../../test/render';

const sprintWeek = campaign({
  id: 1,
  campaign_id: 1,
  user_campaign_id: null,
  goal_id: null,
  name: 'Sprint Week',
  campaign_name: 'Sprint Week',
  description: '100 cold calls in 5 days',
  kind: 'prebuilt',
  status: 'available',
  duration_days: 5,
  goal_count: 100,
  creator_id: null,
  started_at: null,
  ends_at: null,
  days_remaining: null,
});

const READS = {
  'GET /api/leaderboard/me?window=today': jsonResponse(200, { rank: null, points: 0, gap_to_next: null, window: 'today' }),
  'GET /api/leaderboard/today': jsonResponse(200, []),
  'GET /api/recent-activities': jsonResponse(200, []),
  'GET /api/activity/held': jsonResponse(200, []),
};

/** The dashboard with `lists` answered in turn by GET /api/campaigns (the last one repeats). */
async function openDashboard(lists: CampaignList[], replies: Parameters<typeof mockApi>[0] = {}) {
  let read = 0;
  const fetchMock = mockApi({
    ...READS,
    'GET /api/campaigns': () => jsonResponse(200, lists[Math.min(read++, lists.length - 1)]),
    ...replies,
  });
  renderApp('/dashboard', signedIn());
  await screen.findByRole('heading', { name: 'Welcome back, Ana' });
  return { user: userEvent.setup(), fetchMock };
}

const logPanel = () => screen.getByRole('region', { name: 'Log Activity' });
const goalsPanel = () => screen.getByRole('region', { name: 'Active Goals' });
const lockText = 'Set Your Daily Goal First';

beforeEach(() => localStorage.clear());

describe('goal rings', () => {
  it('fills a ring per period from its active goals, reads No goal when empty, and links each to /stats', async () => {
    await openDashboard([
      campaignList({ active: [campaign({ progress: 1, goal_count: 3 }), campaign({ campaign_id: 21, user_campaign_id: 301, duration_days: 30, progress: 80, goal_count: 40 })] }),
    ]);
    const rings = await screen.findByRole('navigation', { name: 'Goal progress' });
    expect(await within(rings).findByRole('link', { name: 'Daily goal: 33%' })).toHaveAttribute('href', '/stats');
    expect(within(rings).getByRole('link', { name: 'Monthly goal: 100%' })).toBeInTheDocument();
    for (const period of ['Weekly', 'Quarterly', 'Annual']) {
      expect(within(rings).getByRole('link', { name: `${period} goal: No goal` })).toHaveTextContent('No goal');
    }
  });
});

describe('the Log Activity lock', () => {
  it('covers logging until a daily goal exists, and takes the user to the goal form', async () => {
    const { user } = await openDashboard([campaignList({ active: [campaign({ duration_days: 7, name: 'Week of calls' })] })]);
    expect(await within(logPanel()).findByText(lockText)).toBeInTheDocument();
    expect(logPanel().querySelector('.log-grid')).toHaveAttribute('inert');

    await user.click(within(logPanel()).getByRole('button', { name: 'Set Daily Goal' }));
    expect(within(goalsPanel()).getByLabelText('Goal name (optional)')).toHaveFocus();
    expect(within(goalsPanel()).getByLabelText('Duration')).toHaveDisplayValue('Today (1 day)');
  });

  it('is lifted by an active daily goal', async () => {
    await openDashboard([campaignList({ active: [campaign()] })]);
    await within(goalsPanel()).findByText('Today: 3 Cold Calls');
    expect(screen.queryByText(lockText)).not.toBeInTheDocument();
    expect(logPanel().querySelector('.log-grid')).not.toHaveAttribute('inert');
  });

  it("stays lifted once today's goal is done, while its day runs, and shows it won", async () => {
    const done = campaign({ status: 'completed', progress: 3, completed_at: new Date().toISOString() });
    const yesterdays = campaign({
      campaign_id: 19,
      user_campaign_id: 299,
      name: "Yesterday's calls",
      status: 'completed',
      progress: 3,
      ends_at: new Date(Date.now() - 60_000).toISOString(),
    });
    await openDashboard([campaignList({ completed: [done, yesterdays] })]);
    const card = (await within(goalsPanel()).findByText('Today: 3 Cold Calls')).closest('li')!;
    expect(card).toHaveTextContent('Goal Complete');
    expect(within(goalsPanel()).queryByText("Yesterday's calls")).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Daily goal: 100%' })).toBeInTheDocument();
    expect(screen.queryByText(lockText)).not.toBeInTheDocument();
  });

  it('lifts once the first daily goal is created', async () => {
    const { user } = await openDashboard([campaignList(), campaignList({ active: [campaign()] })], {
      'POST /api/campaigns': jsonResponse(201, campaign()),
    });
    await within(logPanel()).findByText(lockText);
    // The form a new broker sees in Active Goals comes just after the screen's first paint.
    await user.click(await within(goalsPanel()).findByRole('checkbox', { name: 'Cold Call' }));
    await user.click(within(goalsPanel()).getByRole('button', { name: 'Add Goal' }));
    await waitFor(() => expect(screen.queryByText(lockText)).not.toBeInTheDocument());
    expect(within(goalsPanel()).getByText('Today: 3 Cold Calls')).toBeInTheDocument();
  });

  it('brings the unlocked panel into view with a confirmation that takes focus, and stays put at the first log (nothing above the tiles moves)', async () => {
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { user } = await openDashboard([campaignList(), campaignList({ active: [campaign()] })], {
      'POST /api/campaigns': jsonResponse(201, campaign()),
      'POST /api/activity': jsonResponse(201, logResult()),
    });
    await within(logPanel()).findByText(lockText);
    const confirmationText = 'Daily goal set — start logging';
    expect(within(logPanel()).queryByText(confirmationText)).not.toBeInTheDocument();
    // The form a new broker sees in Active Goals comes just after the screen's first paint.
    await user.click(await within(goalsPanel()).findByRole('checkbox', { name: 'Cold Call' }));
    await user.click(within(goalsPanel()).getByRole('button', { name: 'Add Goal' }));

    const confirmation = await within(logPanel()).findByText(confirmationText);
    expect(confirmation).toHaveAttribute('role', 'status');
    expect(confirmation.parentElement).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(logPanel());

    await user.click(within(logPanel()).getByRole('button', { name: /^Cold Call/ }));
    await within(logPanel()).findByText('Recorded!');
    expect(within(logPanel()).getByText(confirmationText)).toBeInTheDocument();
  });

  it('says nothing when the dashboard opens with a daily goal already set', async () => {
    await openDashboard([campaignList({ active: [campaign()] })]);
    await within(goalsPanel()).findByText('Today: 3 Cold Calls');
    expect(screen.queryByText('Daily goal set — start logging')).not.toBeInTheDocument();
  });
});

describe('Active Goals', () => {
  it('leads to the Goals screen (multi-day campaigns, editing, Completed Goals), with goals or without', async () => {
    const { user } = await openDashboard([campaignList()]);
    const link = within(goalsPanel()).getByRole('link', { name: 'Manage goals' });
    expect(link).toHaveAttribute('href', '/goals');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Goals', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Completed Goals' })).toBeInTheDocument();
  });

  it('lists each goal with its icon, progress capped at 100 % and days left', async () => {
    await openDashboard([
      campaignList({
        active: [
          campaign({ name: 'Sprint', icon: 'rocket', progress: 5, goal_count: 3 }),
          campaign({ campaign_id: 21, user_campaign_id: 301, name: 'Week', duration_days: 7, days_remaining: 6 }),
        ],
      }),
    ]);
    const sprint = (await within(goalsPanel()).findByText('Sprint')).closest('li')!;
    expect(sprint.querySelector('.goal-card__icon .lucide-rocket')).not.toBeNull();
    expect(within(sprint).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(sprint).toHaveTextContent('3 / 3');
    expect(sprint).toHaveTextContent('1 day left');
    expect(within(goalsPanel()).getByText('Week').closest('li')).toHaveTextContent('6 days left');
  });

  it('asks before leaving a joined goal, then leaves it by its user goal id', async () => {
    const joined = campaign({ creator_id: null, kind: 'prebuilt', name: 'Sprint Week' });
    const { user, fetchMock } = await openDashboard([campaignList({ active: [joined] }), campaignList()], { 'DELETE /api/user_goals/300': jsonResponse(204, null) });
    await user.click(await within(goalsPanel()).findByRole('button', { name: 'Leave Sprint Week' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(GOAL_MESSAGES.leaveConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE /api/user_goals/300')).toHaveLength(0);

    await user.click(within(goalsPanel()).getByRole('button', { name: 'Leave Sprint Week' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/user_goals/300')).toHaveLength(1));
    await waitFor(() => expect(within(goalsPanel()).queryByText('Sprint Week')).not.toBeInTheDocument());
  });

  it("asks before deleting the user's own goal and says so when it fails", async () => {
    const { user, fetchMock } = await openDashboard([campaignList({ active: [campaign()] })], {
      'DELETE /api/campaigns/20': jsonResponse(500, {}),
    });
    await user.click(await within(goalsPanel()).findByRole('button', { name: 'Delete Today: 3 Cold Calls' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(GOAL_MESSAGES.deleteConfirm);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(goalsPanel()).findByRole('alert')).toHaveTextContent('Failed to delete goal');
    expect(callsTo(fetchMock, 'DELETE /api/campaigns/20')).toHaveLength(1);
  });
});

describe('Add Goal', () => {
  async function openForm(replies: Parameters<typeof mockApi>[0] = {}, lists = [campaignList()]) {
    const view = await openDashboard(lists, replies);
    const form = await within(goalsPanel()).findByRole('form', { name: 'Custom Goal' });
    return { ...view, form };
  }

  it('asks for an activity with a quantity above 0', async () => {
    const { user, form, fetchMock } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Add Goal' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(GOAL_MESSAGES.selectActivityWithCount);

    await user.click(within(form).getByRole('checkbox', { name: 'Email' }));
    await user.clear(within(form).getByLabelText('Email count'));
    await user.type(within(form).getByLabelText('Email count'), '0');
    await user.click(within(form).getByRole('button', { name: 'Add Goal' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(GOAL_MESSAGES.selectActivityWithCount);
    expect(callsTo(fetchMock, 'POST /api/campaigns')).toHaveLength(0);
  });

  it('starts a ticked activity at 50, drops it when unticked, and keeps counts within 1000', async () => {
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('checkbox', { name: 'Meeting' }));
    expect(within(form).getByLabelText('Meeting count')).toHaveValue(50);
    await user.click(within(form).getByRole('checkbox', { name: 'Meeting' }));
    expect(within(form).queryByLabelText('Meeting count')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('checkbox', { name: 'Cold Call' }));
    const count = within(form).getByLabelText('Cold Call count');
    expect(count).toHaveAttribute('max', '1000');
    await user.clear(count);
    await user.type(count, '2500');
    await user.tab();
    expect(count).toHaveValue(1000);
  });

  it('offers the five durations with their period names and the ten icons', async () => {
    const { form } = await openForm();
    expect(
      within(within(form).getByLabelText('Duration'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Today (1 day)', 'This Week (7 days)', 'This Month (30 days)', 'This Quarter (90 days)', 'This Year (365 days)']);
    expect(within(within(form).getByRole('group', { name: 'Icon' })).getAllByRole('radio')).toHaveLength(10);
  });

  it('creates the goal with a blank name left to the server, and shows the server detail on failure', async () => {
    let attempt = 0;
    const { user, form, fetchMock } = await openForm({
      'POST /api/campaigns': () => (attempt++ === 0 ? jsonResponse(422, { detail: [{ loc: ['body', 'goals', 0, 'count'], msg: 'Too many' }] }) : jsonResponse(201, campaign())),
    });
    await user.selectOptions(within(form).getByLabelText('Duration'), '7');
    await user.click(within(form).getByRole('radio', { name: 'rocket' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Doorknock' }));
    await user.clear(within(form).getByLabelText('Doorknock count'));
    await user.type(within(form).getByLabelText('Doorknock count'), '12');
    expect(within(form).getByLabelText('Goal name (optional)')).toHaveAttribute('placeholder', 'This Week: 12 Doorknocks');
    await user.click(within(form).getByRole('button', { name: 'Add Goal' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('count: Too many');
    expect(callsTo(fetchMock, 'POST /api/campaigns')[0]?.body).toEqual({ name: null, duration_days: 7, icon: 'rocket', goals: [{ type: 'doorknock', count: 12 }] });
  });

  it('joins a prebuilt goal from its tab, with the server reason when it cannot', async () => {
    let attempt = 0;
    const { user, fetchMock } = await openForm(
      { 'POST /api/campaigns/1/join': () => (attempt++ === 0 ? jsonResponse(409, { detail: GOAL_MESSAGES.alreadyActive }) : jsonResponse(200, sprintWeek)) },
      [campaignList({ available: [sprintWeek, campaign({ campaign_id: 40, name: 'Not prebuilt', kind: 'custom', status: 'available', creator_id: 'u-9' })] })],
    );
    await user.click(within(goalsPanel()).getByRole('tab', { name: 'Prebuilt Goals' }));
    const tab = within(goalsPanel()).getByRole('tabpanel');
    expect(within(tab).getByText('100 cold calls in 5 days')).toBeInTheDocument();
    expect(within(tab).queryByText('Not prebuilt')).not.toBeInTheDocument();

    await user.click(within(tab).getByRole('button', { name: 'Join Sprint Week' }));
    expect(await within(goalsPanel()).findByRole('alert')).toHaveTextContent(`Unable to join campaign: ${GOAL_MESSAGES.alreadyActive}`);
    await user.click(within(tab).getByRole('button', { name: 'Join Sprint Week' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/campaigns/1/join')).toHaveLength(2));
  });
});

describe('the goal recommendation', () => {
  async function addDailyGoal(user: ReturnType<typeof userEvent.setup>) {
    const panel = goalsPanel();
    if (!within(panel).queryByRole('form', { name: 'Custom Goal' })) await user.click(within(panel).getByRole('button', { name: '+ Add Goal' }));
    const form = within(panel).getByRole('form', { name: 'Custom Goal' });
    await user.click(within(form).getByRole('checkbox', { name: 'Cold Call' }));
    await user.clear(within(form).getByLabelText('Cold Call count'));
    await user.type(within(form).getByLabelText('Cold Call count'), '3');
    await user.click(within(form).getByRole('button', { name: 'Add Goal' }));
    await waitFor(() => expect(within(panel).queryByRole('form', { name: 'Custom Goal' })).not.toBeInTheDocument());
  }

  it('offers weekly, monthly and yearly versions from the second daily goal, once', async () => {
    const created: Campaign[] = [];
    const { user, fetchMock } = await openDashboard([campaignList()], {
      'GET /api/campaigns': () => jsonResponse(200, campaignList({ active: created })),
      'POST /api/campaigns': () => {
        const goal = campaign({ campaign_id: 50 + created.length, user_campaign_id: 500 + created.length });
        created.push(goal);
        return jsonResponse(201, goal);
      },
    });
    await within(goalsPanel()).findByRole('form', { name: 'Custom Goal' });
    await addDailyGoal(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await addDailyGoal(user);
    const dialog = await screen.findByRole('dialog', { name: 'Just a thought...' });
    expect(dialog).toHaveTextContent('This Week: 21 Cold Calls');
    expect(dialog).toHaveTextContent('This Month: 90 Cold Calls');
    expect(dialog).toHaveTextContent('This Year: 1095 Cold Calls');

    await user.click(within(dialog).getByRole('button', { name: 'Add Weekly' }));
    expect(await within(dialog).findByText('Added')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/campaigns').at(-1)?.body).toEqual({ name: null, duration_days: 7, icon: 'target', goals: [{ type: 'cold_call', count: 21 }] });
    await user.click(within(dialog).getByRole('button', { name: 'Skip Monthly' }));
    expect(within(dialog).getByText('Skipped')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: "No thanks, I'm good" }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await addDailyGoal(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/campaigns')).toHaveLength(4);
  });

  it('is not offered for a goal longer than a day', async () => {
    localStorage.setItem('goals.dailyCreated.u-1', '1');
    const { user } = await openDashboard([campaignList()], { 'POST /api/campaigns': jsonResponse(201, campaign({ duration_days: 7 })) });
    const form = await within(goalsPanel()).findByRole('form', { name: 'Custom Goal' });
    await user.selectOptions(within(form).getByLabelText('Duration'), '7');
    await user.click(within(form).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(form).getByRole('button', { name: 'Add Goal' }));
    await waitFor(() => expect(within(form).getByRole('checkbox', { name: 'Email' })).not.toBeChecked());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
