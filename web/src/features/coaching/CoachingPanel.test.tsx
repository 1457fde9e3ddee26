import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COACHING_MESSAGES, type AiGoal, type CampaignList, type DailyAccountability } from '@warriors/contracts';
import { campaign, campaignList } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn } from '../../../test/render';

const PLAN = 'GET /api/daily-accountability';
const GOAL = 'POST /api/ai/goal/today';

function plan(overrides: Partial<DailyAccountability> = {}): DailyAccountability {
  return {
    title: 'Own the morning block',
    accountability: 'Yesterday you made 12 calls and booked no meeting: today the calls go to warm owners first.',
    creCoaching: ['Lead with the lease expiry you found, not your pitch.'],
    appGuidance: ['Log each call as you hang up so your streak and rank stay live.'],
    quickChecklist: ['Set a 1-day goal', 'Log your first call'],
    leaderboardPlan: { stepByStep: ['Make 10 calls before 10am', 'Send 5 follow-up emails', 'Book 1 meeting'] },
    dataQuality: 'GOOD',
    ...overrides,
  };
}

const aiGoal: AiGoal = {
  title: 'Warm-owner sprint',
  why_today: 'You are 40 points behind #3; calls convert best for you.',
  targets: { points_target: 80, calls: 20, conversations: 5, meetings_set: 1, emails: 0, referrals_pastclients: 3, thank_you_cards: 0, social_actions: 0 },
  sprints: [
    { label: '9:00-10:00', focus: 'Cold calls to warm owners' },
    { label: '14:00-14:30', focus: 'Referral calls' },
  ],
};

/** The dashboard's own reads, answered: RTK Query holds back the goals' refetch while any query is pending. */
const DASHBOARD_READS = {
  'GET /api/leaderboard/me?window=today': jsonResponse(200, { rank: null, points: 0, gap_to_next: null, window: 'today' }),
  'GET /api/leaderboard/today': jsonResponse(200, []),
  'GET /api/recent-activities': jsonResponse(200, []),
  'GET /api/activity/held': jsonResponse(200, []),
};

/** The dashboard with the coach answering `replies`; campaigns answered in turn by `lists` (the last one repeats). */
async function openPanel(replies: Parameters<typeof mockApi>[0], lists: CampaignList[] = [campaignList()]) {
  let read = 0;
  const fetchMock = mockApi({
    ...DASHBOARD_READS,
    'GET /api/campaigns': () => jsonResponse(200, lists[Math.min(read++, lists.length - 1)]),
    ...replies,
  });
  renderApp('/dashboard', signedIn());
  await screen.findByRole('heading', { name: 'Welcome back, Ana' });
  await waitFor(() => expect(callsTo(fetchMock, 'GET /api/campaigns')).toHaveLength(1));
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: "See Today's Plan" }));
  return { user, fetchMock, panel: screen.getByRole('dialog', { name: "Today's Plan" }) };
}

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('AI coaching panel', () => {
  it('says it is building the plan while the coach thinks, and closes with Escape', async () => {
    const { user, panel } = await openPanel({});
    expect(within(panel).getByRole('status')).toHaveTextContent("Your coach is building today's plan…");
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows every block of a loaded plan, without the quick checklist when the data is good', async () => {
    const { panel } = await openPanel({ [PLAN]: jsonResponse(200, plan()) });
    expect(await within(panel).findByRole('heading', { name: 'Own the morning block' })).toBeInTheDocument();
    expect(within(panel).getByText(/booked no meeting/)).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: 'CRE Coaching' })).toHaveTextContent('Lead with the lease expiry you found, not your pitch.');
    expect(within(panel).getByRole('region', { name: 'App Guidance' })).toHaveTextContent('Log each call as you hang up');
    expect(
      within(panel)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Make 10 calls before 10am', 'Send 5 follow-up emails', 'Book 1 meeting']);
    expect(within(panel).queryByRole('region', { name: 'Quick Checklist' })).not.toBeInTheDocument();
    expect(within(panel).queryByText(/limited data|No activity yet/)).not.toBeInTheDocument();
  });

  it.each([
    ['LOW_DATA', 'Based on limited data'],
    ['NO_DATA', 'No activity yet'],
  ] as const)('shows the quick checklist and says what the plan stands on with %s', async (dataQuality, note) => {
    const { user, panel } = await openPanel({ [PLAN]: jsonResponse(200, plan({ dataQuality })) });
    const quick = await within(panel).findByRole('region', { name: 'Quick Checklist' });
    expect(within(panel).getByText(new RegExp(note))).toBeInTheDocument();
    const box = within(quick).getByRole('checkbox', { name: 'Set a 1-day goal' });
    await user.click(box);
    expect(box).toBeChecked();
    expect(within(quick).getByRole('checkbox', { name: 'Log your first call' })).not.toBeChecked();
  });

  it("ticks the action plan's steps by mouse and keyboard and says Complete when all are done", async () => {
    const { user, panel } = await openPanel({ [PLAN]: jsonResponse(200, plan()) });
    const actionPlan = await within(panel).findByRole('region', { name: 'Leaderboard Action Plan' });
    const progress = within(actionPlan).getByRole('status');
    expect(progress).toHaveTextContent('0/3');
    await user.click(within(actionPlan).getByRole('checkbox', { name: 'Make 10 calls before 10am' }));
    await user.click(within(actionPlan).getByRole('checkbox', { name: 'Send 5 follow-up emails' }));
    expect(progress).toHaveTextContent('2/3');
    within(actionPlan).getByRole('checkbox', { name: 'Book 1 meeting' }).focus();
    await user.keyboard(' ');
    expect(progress).toHaveTextContent('Complete');
    await user.click(within(actionPlan).getByRole('checkbox', { name: 'Send 5 follow-up emails' }));
    expect(within(actionPlan).getByRole('checkbox', { name: 'Send 5 follow-up emails' })).not.toBeChecked();
    expect(progress).toHaveTextContent('2/3');
  });

  it.each([
    ['the coach has no key', 503, { detail: COACHING_MESSAGES.notConfigured }],
    ['any 503', 503, { detail: 'Service Unavailable' }],
    ["a message saying 'not configured'", 500, { detail: 'OpenAI is not configured' }],
  ])('says AI coaching is not yet configured when %s, and to contact the admin', async (_case, status, body) => {
    const { panel } = await openPanel({ [PLAN]: jsonResponse(status, body) });
    expect(await within(panel).findByRole('heading', { name: 'AI Coaching Not Yet Configured' })).toBeInTheDocument();
    expect(within(panel).getByText(/Contact your admin/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to fetch daily accountability', expect.anything());
  });

  it('offers Try Again when the plan fails, and shows the plan once the retry answers', async () => {
    let attempt = 0;
    const { user, panel, fetchMock } = await openPanel({
      [PLAN]: () => (attempt++ === 0 ? jsonResponse(502, { detail: COACHING_MESSAGES.modelFailed }) : jsonResponse(200, plan())),
    });
    const failure = await within(panel).findByRole('alert');
    expect(failure).toHaveTextContent('Unable to load your coaching plan');
    expect(failure).toHaveTextContent(COACHING_MESSAGES.modelFailed);
    expect(logged).toHaveBeenCalledWith('Failed to fetch daily accountability', expect.anything());
    await user.click(within(failure).getByRole('button', { name: 'Try Again' }));
    expect(await within(panel).findByRole('heading', { name: 'Own the morning block' })).toBeInTheDocument();
    expect(callsTo(fetchMock, PLAN)).toHaveLength(2);
  });

  it('keeps the retry for the passing fault of unreadable figures', async () => {
    const { panel } = await openPanel({ [PLAN]: jsonResponse(503, { detail: COACHING_MESSAGES.figuresUnavailable }) });
    const failure = await within(panel).findByRole('alert');
    expect(failure).toHaveTextContent('Unable to load your coaching plan');
    expect(within(failure).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe("AI coaching panel's recommended goal", () => {
  it("shows the goal's title, why, non-zero targets and sprints", async () => {
    const { panel } = await openPanel({ [PLAN]: jsonResponse(200, plan()), [GOAL]: jsonResponse(200, aiGoal) });
    const goal = await within(panel).findByRole('region', { name: 'Warm-owner sprint' });
    expect(goal).toHaveTextContent(aiGoal.why_today);
    const targets = within(goal).getByRole('list', { name: 'Targets' });
    expect(
      within(targets)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['80Points', '20Calls', '5Conversations', '1Meetings set', '3Referrals & past clients']);
    expect(goal).toHaveTextContent('9:00-10:00: Cold calls to warm owners');
    expect(goal).toHaveTextContent('14:00-14:30: Referral calls');
  });

  it('is neither asked for nor shown when a 1-day goal is already active', async () => {
    const { panel, fetchMock } = await openPanel({ [PLAN]: jsonResponse(200, plan()), [GOAL]: jsonResponse(200, aiGoal) }, [campaignList({ active: [campaign()] })]);
    await within(panel).findByRole('heading', { name: 'Own the morning block' });
    expect(within(panel).queryByRole('button', { name: 'Activate Goal' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, GOAL)).toHaveLength(0);
  });

  it('still shows with only longer goals active', async () => {
    const { panel } = await openPanel({ [PLAN]: jsonResponse(200, plan()), [GOAL]: jsonResponse(200, aiGoal) }, [
      campaignList({ active: [campaign({ duration_days: 7, category: 'weekly' })] }),
    ]);
    expect(await within(panel).findByRole('button', { name: 'Activate Goal' })).toBeInTheDocument();
  });

  it('leaves the goal out, and logs it, when the coach cannot size one; the plan still shows', async () => {
    const { panel } = await openPanel({ [PLAN]: jsonResponse(200, plan()), [GOAL]: jsonResponse(502, { detail: COACHING_MESSAGES.modelFailed }) });
    await within(panel).findByRole('heading', { name: 'Own the morning block' });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to fetch recommended goal', expect.anything()));
    expect(within(panel).queryByRole('button', { name: 'Activate Goal' })).not.toBeInTheDocument();
  });

  it('activates as a 1-day goal of its converted targets, then says so, hides and unlocks logging', async () => {
    const { user, panel, fetchMock } = await openPanel(
      { [PLAN]: jsonResponse(200, plan()), [GOAL]: jsonResponse(200, aiGoal), 'POST /api/campaigns': jsonResponse(201, campaign({ name: aiGoal.title })) },
      [campaignList(), campaignList({ active: [campaign({ name: aiGoal.title })] })],
    );
    expect(screen.getByText('Set Your Daily Goal First')).toBeInTheDocument();
    await user.click(await within(panel).findByRole('button', { name: 'Activate Goal' }));
    expect(await within(panel).findByText('Goal activated! Start logging your activities.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/campaigns')[0]?.body).toEqual({
      name: 'Warm-owner sprint',
      duration_days: 1,
      icon: 'target',
      goals: [
        { type: 'cold_call', count: 20 },
        { type: 'live_conversation', count: 5 },
        { type: 'meeting', count: 1 },
        { type: 'referral_source_call', count: 2 },
        { type: 'past_client', count: 1 },
      ],
    });
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Activate Goal' })).not.toBeInTheDocument());
    expect(screen.queryByText('Set Your Daily Goal First')).not.toBeInTheDocument();
  });

  it.each([
    ['the server refuses it', () => jsonResponse(500, { detail: 'boom' }), 'Failed to activate goal. Please try again.'],
    ['the request never gets an answer', () => Promise.reject(new TypeError('Failed to fetch')), 'Error activating goal. Please try again.'],
  ])('says what went wrong when %s, and keeps the goal to try again', async (_case, reply, text) => {
    const { user, panel } = await openPanel({ [PLAN]: jsonResponse(200, plan()), [GOAL]: jsonResponse(200, aiGoal), 'POST /api/campaigns': reply as () => Response });
    await user.click(await within(panel).findByRole('button', { name: 'Activate Goal' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(text);
    expect(within(panel).getByRole('button', { name: 'Activate Goal' })).toBeEnabled();
    expect(within(panel).queryByText('Goal activated! Start logging your activities.')).not.toBeInTheDocument();
  });
});
