import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CAMPAIGN_ICONS, GOAL_MESSAGES, STATS_CHART_DAYS, type CampaignList, type FunnelMetrics, type UserStats } from '@warriors/contracts';
import { campaign, campaignList } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn } from '../../../test/render';

const funnel = (window: FunnelMetrics['window'], callToConvo: number): FunnelMetrics => ({
  window,
  ratios: { call_to_convo: callToConvo, convo_to_meeting: 25, outreach_to_convo: 2, overall_conversion: 1.5 },
  total_outreach: 40,
  live_conversations: 4,
  meetings: 1,
  cold_calls: 30,
});

function userStats(): UserStats {
  const today = new Date();
  return {
    timezone: 'UTC',
    local_date: today.toISOString().slice(0, 10),
    today_points: 42,
    weekly_points: 310,
    monthly_points: 1204,
    yearly_points: 15032,
    total_points: 20500,
    daily_points: Array.from({ length: STATS_CHART_DAYS }, (_, index) => ({
      date: new Date(today.getTime() - (STATS_CHART_DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10),
      points: index === STATS_CHART_DAYS - 1 ? 42 : 10,
    })),
    activity_counts: {
      today: { cold_call: { count: 12, prev_count: 8 }, email: { count: 3, prev_count: 5 } },
      '7d': { cold_call: { count: 70, prev_count: 70 } },
      month: {},
      all_time: { cold_call: { count: 900, prev_count: 0 }, meeting: { count: 20, prev_count: 0 } },
    },
    funnel: { today: funnel('today', 12), '7d': funnel('7d', 6), month: funnel('month', 1) },
  };
}

const daily = campaign({
  campaign_id: 40,
  user_campaign_id: 400,
  name: 'Today: 20 Cold Calls, 4 Emails',
  duration_days: 1,
  goal_type: [
    { type: 'cold_call', count: 20 },
    { type: 'email', count: 4 },
  ],
  activity_type: null,
  goal_count: 24,
  progress: 15,
  activity_breakdown: [
    { type: 'cold_call', current: 12, target: 20 },
    { type: 'email', current: 3, target: 4 },
  ],
});
const sprint = campaign({
  campaign_id: 1,
  user_campaign_id: 401,
  name: 'Sprint Week',
  kind: 'prebuilt',
  creator_id: null,
  duration_days: 5,
  goal_count: 100,
  progress: 100,
  activity_breakdown: [{ type: 'cold_call', current: 100, target: 100 }],
});
const finishedYesterday = campaign({
  campaign_id: 3,
  user_campaign_id: 402,
  name: 'Email Marathon',
  status: 'completed',
  completed_at: new Date(Date.now() - 86_400_000).toISOString(),
  ends_at: new Date(Date.now() - 60 * 60_000).toISOString(),
});
const finishedLongAgo = campaign({
  campaign_id: 5,
  user_campaign_id: 403,
  name: 'Referral Champion',
  status: 'completed',
  completed_at: new Date(Date.now() - 9 * 86_400_000).toISOString(),
  ends_at: new Date(Date.now() - 8 * 86_400_000).toISOString(),
});

async function openStats(
  list: CampaignList = campaignList({ active: [daily, sprint], completed: [finishedYesterday, finishedLongAgo] }),
  replies: Parameters<typeof mockApi>[0] = {},
) {
  const fetchMock = mockApi({
    'GET /api/users/u-1/stats': jsonResponse(200, userStats()),
    'GET /api/campaigns': jsonResponse(200, list),
    'GET /api/badge-definitions': jsonResponse(200, { definitions: [], daily_goal_points: 50 }),
    'GET /api/leaderboard/me?window=today': jsonResponse(200, { rank: 4, points: 42, gap_to_next: 7, window: 'today' }),
    'GET /api/leaderboard/today': jsonResponse(200, []),
    'GET /api/badges/progress': jsonResponse(200, [
      { badge_type: 'call_crusher', name: 'Call Crusher', cycle: 'daily', current: 38, target: 50, remaining: 12, text: '12 more cold calls to Call Crusher' },
    ]),
    ...replies,
  });
  renderApp('/stats', signedIn());
  await screen.findByRole('heading', { name: 'Points Earned' });
  return { user: userEvent.setup(), fetchMock };
}

const region = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  localStorage.clear();
  // jsdom draws nothing: its canvas has no context, as a browser without canvas support; the charts' numbers are checked in their text alternatives.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('StatsScreen', () => {
  it('heads the screen with the streak, today’s rank and gap, total points and the reset countdown', async () => {
    await openStats();
    await waitFor(() => expect(screen.getByText('#4')).toBeInTheDocument());
    expect(screen.getByText('7 pts behind the next rank')).toBeInTheDocument();
    expect(screen.getByText(/3 days/)).toBeInTheDocument();
    expect(await screen.findByText('20,500')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time until the daily reset' })).toHaveTextContent(/^\d\d:\d\d:\d\d$/);
  });

  it('shows the points earned and the daily points with a text alternative to the chart', async () => {
    await openStats();
    const points = region('Points Earned');
    await waitFor(() => expect(within(points).getByText('This year').nextSibling).toHaveTextContent('15,032'));
    expect(within(points).getByText('Today').nextSibling).toHaveTextContent('42');
    const chart = region('Daily Points vs Goal');
    expect(within(chart).getByText('332 points over the last 30 days; the daily goal of 50 points was reached on 0 days.')).toBeInTheDocument();
    const table = within(chart).getByRole('table', { name: 'Daily points, last 30 days' });
    expect(within(table).getByRole('rowheader', { name: 'Today' }).closest('tr')).toHaveTextContent('Today4250');
  });

  it("reads today's beaten daily goal as the dashboard's ring does: 100 %, not 'No goal'", async () => {
    const beaten = campaign({ status: 'completed', progress: 3, completed_at: new Date().toISOString() });
    const { user } = await openStats(campaignList({ completed: [beaten] }), {
      'GET /api/recent-activities': jsonResponse(200, []),
      'GET /api/activity/held': jsonResponse(200, []),
    });
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dashboardRing = await screen.findByRole('link', { name: 'Daily goal: 100%' });
    await user.click(dashboardRing);
    const rings = await screen.findByRole('region', { name: 'Goal Progress' });
    expect(await within(rings).findByRole('button', { name: 'Daily goals: 100%' })).toBeInTheDocument();
  });

  it('fills the rings by bucket and lists a bucket’s goals and the goals completed this week in its modal', async () => {
    const { user } = await openStats();
    const rings = region('Goal Progress');
    await within(rings).findByRole('list');
    expect(within(rings).getByRole('button', { name: 'Daily goals: 62%' })).toBeInTheDocument();
    expect(within(rings).getByRole('button', { name: 'Weekly goals: 100%' })).toBeInTheDocument();
    expect(within(rings).getByRole('button', { name: 'Yearly goals: No goal' })).toBeInTheDocument();
    await user.click(within(rings).getByRole('button', { name: 'Weekly goals: 100%' }));
    const modal = screen.getByRole('dialog', { name: 'Manage Weekly Goals' });
    expect(within(modal).getByText('Sprint Week')).toBeInTheDocument();
    expect(within(modal).queryByText('Today: 20 Cold Calls, 4 Emails')).not.toBeInTheDocument();
    expect(within(modal).getByText('Email Marathon')).toBeInTheDocument();
    expect(within(modal).queryByText('Referral Champion')).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Leave Sprint Week' }));
    expect(screen.getByRole('dialog', { name: 'Leave goal?' })).toHaveTextContent(GOAL_MESSAGES.leaveConfirm);
  });

  it('colours the conversion metrics by window against their targets', async () => {
    const { user } = await openStats();
    const metrics = region('Conversion Metrics');
    await waitFor(() => expect(within(metrics).getByText('Call to Conversation').closest('li')).toHaveClass('rating--green'));
    expect(within(metrics).getByText('Call to Conversation').closest('li')).toHaveTextContent('12%Target 10%');
    expect(within(metrics).getByText('Outreach to Conversation').closest('li')).toHaveClass('rating--red');
    await user.click(within(metrics).getByRole('tab', { name: '7D' }));
    expect(within(metrics).getByText('Call to Conversation').closest('li')).toHaveClass('rating--yellow');
    await user.click(within(metrics).getByRole('tab', { name: 'Month' }));
    expect(within(metrics).getByText('Call to Conversation').closest('li')).toHaveClass('rating--red');
  });

  it('breaks down the counts with their change and the mix by window', async () => {
    const { user } = await openStats();
    const breakdown = region('Activity Breakdown');
    await waitFor(() => expect(within(breakdown).getByRole('rowheader', { name: 'Cold Call' }).closest('tr')).toHaveTextContent('Cold Call12+4'));
    expect(within(breakdown).getByRole('rowheader', { name: 'Email' }).closest('tr')).toHaveTextContent('Email3-2');
    expect(within(breakdown).getByText('Activity mix: Cold Call 12, Email 3.')).toBeInTheDocument();
    await user.click(within(breakdown).getByRole('tab', { name: 'Month' }));
    expect(within(breakdown).getByText('Nothing logged in this window yet.')).toBeInTheDocument();
    await user.click(within(breakdown).getByRole('tab', { name: 'All Time' }));
    expect(within(breakdown).getByRole('columnheader', { name: 'Count' })).toBeInTheDocument();
    expect(within(breakdown).queryByRole('columnheader', { name: 'Change' })).not.toBeInTheDocument();
    expect(within(breakdown).getByText('Activity mix: Cold Call 900, Meeting 20.')).toBeInTheDocument();
  });

  it('rates each activity of the active goals in the performance table', async () => {
    await openStats();
    const table = region('Activity Performance vs Goals');
    await within(table).findByRole('table');
    const cold = within(table).getByRole('rowheader', { name: 'Cold Call' }).closest('tr');
    expect(cold).toHaveTextContent('Cold Call11212093%');
    expect(within(cold as HTMLElement).getByText(/93%/)).toHaveClass('rating--yellow');
    expect(within(within(table).getByRole('rowheader', { name: 'Email' }).closest('tr') as HTMLElement).getByText(/75%/)).toHaveClass('rating--yellow');
  });

  it('edits a goal inline: a count of 0 removes its activity, and bad input is refused before sending', async () => {
    const { user, fetchMock } = await openStats(undefined, { 'PUT /api/campaigns/40': jsonResponse(200, daily) });
    const goals = region('My Active Goals');
    expect(within(goals).queryByRole('button', { name: 'Edit Sprint Week' })).not.toBeInTheDocument();
    await user.click(await within(goals).findByRole('button', { name: `Edit ${daily.name}` }));
    const form = within(goals).getByRole('form', { name: `Edit ${daily.name}` });
    const cold = within(form).getByLabelText(/Cold Call/);
    await user.clear(cold);
    await user.type(cold, '10001');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText(GOAL_MESSAGES.editCount)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/campaigns/40')).toHaveLength(0);

    await user.clear(cold);
    await user.type(cold, '0');
    const duration = within(form).getByLabelText('Duration (days)');
    await user.clear(duration);
    await user.type(duration, '7');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(goals).queryByRole('form')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT /api/campaigns/40')[0]?.body).toEqual({ duration_days: 7, activity_goals: { cold_call: 0, email: 4 } });
  });

  it('creates a goal with any of 12 icons, offers presets, and suggests the bigger versions from the second daily goal', async () => {
    localStorage.setItem('goals.dailyCreated.u-1', '1');
    const { user, fetchMock } = await openStats(undefined, { 'POST /api/campaigns': jsonResponse(200, daily) });
    await user.click(screen.getByRole('button', { name: '+ New Goal' }));
    const modal = screen.getByRole('dialog', { name: 'Create New Goal' });
    expect(within(modal).getAllByRole('radio')).toHaveLength(CAMPAIGN_ICONS.length);
    expect(within(modal).getByRole('tab', { name: 'Presets' })).toBeInTheDocument();
    expect(
      within(modal)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['1', '7', '30', '90', '365']);
    await user.click(within(modal).getByRole('radio', { name: 'calendar' }));
    await user.click(within(modal).getByRole('checkbox', { name: /Cold Call/ }));
    await user.click(within(modal).getByRole('button', { name: 'Add Goal' }));
    expect(await screen.findByRole('dialog', { name: 'Just a thought...' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create New Goal' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/campaigns')[0]?.body).toEqual({ name: null, duration_days: 1, icon: 'calendar', goals: [{ type: 'cold_call', count: 50 }] });
  });

  it('lists the badges in reach and embeds the leaderboard with a link to the full one', async () => {
    await openStats();
    const badges = region('Badges in Reach');
    expect(await within(badges).findByText('12 more cold calls to Call Crusher')).toBeInTheDocument();
    expect(within(badges).getByRole('progressbar', { name: 'Call Crusher progress' })).toHaveAttribute('aria-valuenow', '38');
    const board = region('Leaderboard');
    expect(within(board).getByRole('tab', { name: 'All-Time' })).toBeInTheDocument();
    expect(within(board).getByRole('link', { name: 'View full leaderboard' })).toHaveAttribute('href', '/leaderboard');
  });
});
