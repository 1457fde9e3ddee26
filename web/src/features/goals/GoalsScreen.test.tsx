import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GOAL_ACTIVITY_TYPES, GOAL_MESSAGES, type CampaignList } from '@warriors/contracts';
import { campaign, campaignList } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn } from '../../../test/render';

const mine = campaign({
  campaign_id: 30,
  user_campaign_id: null,
  goal_id: null,
  name: 'Door Blitz',
  status: 'available',
  duration_days: 10,
  goal_type: [
    { type: 'doorknock', count: 40 },
    { type: 'email', count: 20 },
  ],
  activity_type: null,
  goal_count: 60,
});
const theirs = campaign({ campaign_id: 31, user_campaign_id: null, goal_id: null, name: "Bob's Sprint", status: 'available', creator_id: 'u-9' });
const joined = campaign({ name: 'Sprint Week', kind: 'prebuilt', creator_id: null, campaign_id: 1, user_campaign_id: 300 });
const finished = campaign({ name: 'Email Marathon', kind: 'prebuilt', creator_id: null, campaign_id: 3, user_campaign_id: 299, status: 'completed', progress: 50, goal_count: 50 });

async function openGoals(list: CampaignList, replies: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'GET /api/campaigns': jsonResponse(200, list), ...replies });
  renderApp('/goals', signedIn());
  await screen.findByRole('heading', { name: 'Active Goals' });
  return { user: userEvent.setup(), fetchMock };
}

const section = (name: string) => screen.getByRole('region', { name });
const everything = () => campaignList({ active: [joined], available: [mine, theirs], completed: [finished] });

beforeEach(() => localStorage.clear());

describe('GoalsScreen', () => {
  it('shows the sections in order, with the promo banner', async () => {
    const hustler = campaign({
      campaign_id: 4,
      user_campaign_id: null,
      name: 'The Hustler',
      kind: 'prebuilt',
      status: 'available',
      creator_id: null,
      duration_days: 7,
      bonus_points: 1500,
      goal_type: GOAL_ACTIVITY_TYPES.map((type) => ({ type, count: 10 })),
      activity_type: null,
    });
    await openGoals({ ...everything(), available: [mine, theirs, hustler] });
    expect(within(section('Available Goals')).getByText('The Hustler').closest('li')).toHaveTextContent('10 of each of 11 activities in 7 days · +1,500 bonus points');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Active Goals', 'Create Custom Campaign', 'My Custom Goals', 'Available Goals', 'Completed Goals']);
    expect(within(section('Completed Goals')).getByText('Email Marathon').closest('li')).toHaveTextContent('Goal Complete');
  });

  it('gives Edit and Delete to the creator only', async () => {
    await openGoals(everything());
    const myGoals = section('My Custom Goals');
    expect(within(myGoals).getByText('Door Blitz')).toBeInTheDocument();
    expect(within(myGoals).queryByText("Bob's Sprint")).not.toBeInTheDocument();
    expect(
      within(myGoals)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Edit', 'Delete']);

    const available = section('Available Goals');
    expect(within(available).getByRole('button', { name: "Join Bob's Sprint" })).toBeInTheDocument();
    expect(within(available).queryByRole('button', { name: /^(Edit|Delete)/ })).not.toBeInTheDocument();
    expect(
      within(section('Active Goals'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Leave']);
  });

  it("says Delete for the user's own active custom goal, as the dashboard and My Stats do, and deletes the campaign", async () => {
    const own = campaign();
    const { user, fetchMock } = await openGoals(campaignList({ active: [own, joined], available: [] }), {
      'DELETE /api/campaigns/20': jsonResponse(200, { detail: GOAL_MESSAGES.deleted }),
    });
    const active = section('Active Goals');
    expect(within(active).getByRole('button', { name: 'Leave Sprint Week' })).toHaveTextContent('Leave');
    expect(within(active).queryByRole('button', { name: 'Leave Today: 3 Cold Calls' })).not.toBeInTheDocument();
    await user.click(within(active).getByRole('button', { name: 'Delete Today: 3 Cold Calls' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete campaign?' });
    expect(dialog).toHaveTextContent(GOAL_MESSAGES.deleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/campaigns/20')).toHaveLength(1));
    expect(await screen.findByText(GOAL_MESSAGES.deleted)).toBeInTheDocument();
  });
});

describe('Create Custom Campaign', () => {
  const form = () => section('Create Custom Campaign');
  const submit = async (user: ReturnType<typeof userEvent.setup>) => user.click(await within(form()).findByRole('button', { name: 'Create Campaign' }));

  it('needs a name and an activity, with a 7-day duration to start', async () => {
    const { user, fetchMock } = await openGoals(campaignList());
    expect(within(form()).getByLabelText('Duration (days)')).toHaveValue(7);
    await submit(user);
    const alert = within(form()).getByRole('alert');
    expect(alert).toHaveTextContent(GOAL_MESSAGES.campaignName);
    expect(alert).toHaveTextContent(GOAL_MESSAGES.selectActivityType);
    expect(callsTo(fetchMock, 'POST /api/campaigns/create')).toHaveLength(0);
  });

  it('turns a blank or invalid count into 50 and one above 10000 into 10000 on leaving the field', async () => {
    const { user } = await openGoals(campaignList());
    await user.click(within(form()).getByRole('checkbox', { name: 'Cold Call' }));
    const count = within(form()).getByLabelText('Cold Call count');
    expect(count).toHaveValue(50);
    await user.clear(count);
    await user.tab();
    expect(count).toHaveValue(50);
    await user.clear(count);
    await user.type(count, '0');
    await user.tab();
    expect(count).toHaveValue(50);
    await user.clear(count);
    await user.type(count, '25000');
    await user.tab();
    expect(count).toHaveValue(10000);
  });

  it('sends a count left blank at submit as 10, and clears the form once created', async () => {
    const { user, fetchMock } = await openGoals(campaignList(), { 'POST /api/campaigns/create': jsonResponse(201, mine) });
    await user.type(within(form()).getByLabelText('Campaign Name'), 'Door Blitz');
    await user.clear(within(form()).getByLabelText('Duration (days)'));
    await user.type(within(form()).getByLabelText('Duration (days)'), '10');
    await user.click(within(form()).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(form()).getByRole('checkbox', { name: 'Doorknock' }));
    await user.clear(within(form()).getByLabelText('Doorknock count'));
    // Enter submits from the field itself, so the blank count never goes through the blur rule.
    await user.type(within(form()).getByLabelText('Doorknock count'), '{Enter}');

    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/campaigns/create')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/campaigns/create')[0]?.body).toEqual({
      name: 'Door Blitz',
      duration_days: 10,
      goals: [
        { type: 'email', count: 50 },
        { type: 'doorknock', count: 10 },
      ],
    });
    await waitFor(() => expect(within(form()).getByLabelText('Campaign Name')).toHaveValue(''));
  });

  it("shows the server's detail, else 'Failed to create campaign'", async () => {
    let attempt = 0;
    const { user } = await openGoals(campaignList(), {
      'POST /api/campaigns/create': () => (attempt++ === 0 ? jsonResponse(400, { detail: 'Name taken' }) : jsonResponse(500, {})),
    });
    await user.type(within(form()).getByLabelText('Campaign Name'), 'Blitz');
    await user.click(within(form()).getByRole('checkbox', { name: 'Email' }));
    await submit(user);
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Name taken');
    await submit(user);
    await waitFor(() => expect(within(form()).getByRole('alert')).toHaveTextContent('Failed to create campaign'));
  });
});

describe('editing and deleting a custom campaign', () => {
  it('edits in the Edit Campaign form, prefilled, and sends the new targets', async () => {
    let attempt = 0;
    const { user, fetchMock } = await openGoals(everything(), {
      'PUT /api/campaigns/30': () => (attempt++ === 0 ? jsonResponse(500, {}) : jsonResponse(200, mine)),
    });
    await user.click(within(section('My Custom Goals')).getByRole('button', { name: 'Edit Door Blitz' }));
    const edit = section('Edit Campaign');
    expect(within(edit).getByLabelText('Campaign Name')).toHaveFocus();
    expect(within(edit).getByLabelText('Campaign Name')).toHaveValue('Door Blitz');
    expect(within(edit).getByLabelText('Duration (days)')).toHaveValue(10);
    expect(within(edit).getByLabelText('Doorknock count')).toHaveValue(40);

    await user.click(within(edit).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(edit).getByRole('button', { name: 'Update Campaign' }));
    expect(await within(edit).findByRole('alert')).toHaveTextContent('Failed to update campaign');
    await user.click(await within(edit).findByRole('button', { name: 'Update Campaign' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Edit Campaign' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT /api/campaigns/30').at(-1)?.body).toEqual({ name: 'Door Blitz', duration_days: 10, goals: [{ type: 'doorknock', count: 40 }] });
  });

  it('asks before deleting, then says it is done', async () => {
    const { user, fetchMock } = await openGoals(everything(), { 'DELETE /api/campaigns/30': jsonResponse(204, null) });
    await user.click(within(section('My Custom Goals')).getByRole('button', { name: 'Delete Door Blitz' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(GOAL_MESSAGES.deleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(GOAL_MESSAGES.deleted)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/campaigns/30')).toHaveLength(1);
  });

  it("shows the server's reason when the delete fails", async () => {
    const { user } = await openGoals(everything(), { 'DELETE /api/campaigns/30': jsonResponse(403, { detail: GOAL_MESSAGES.notCreator }) });
    await user.click(within(section('My Custom Goals')).getByRole('button', { name: 'Delete Door Blitz' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GOAL_MESSAGES.notCreator);
  });
});

describe('joining and leaving', () => {
  it("joins an available goal, with the server's detail first, else 'Failed to join campaign'", async () => {
    let attempt = 0;
    const { user, fetchMock } = await openGoals(everything(), {
      'POST /api/campaigns/31/join': () => (attempt++ === 0 ? jsonResponse(409, { detail: GOAL_MESSAGES.alreadyActive }) : jsonResponse(500, {})),
    });
    const join = within(section('Available Goals')).getByRole('button', { name: "Join Bob's Sprint" });
    await user.click(join);
    expect(await screen.findByRole('alert')).toHaveTextContent(GOAL_MESSAGES.alreadyActive);
    await user.click(join);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to join campaign'));
    expect(callsTo(fetchMock, 'POST /api/campaigns/31/join')).toHaveLength(2);
  });

  it("asks before leaving, and says 'Failed to leave campaign' when it can't", async () => {
    const { user, fetchMock } = await openGoals(everything(), { 'DELETE /api/user_goals/300': jsonResponse(500, {}) });
    await user.click(within(section('Active Goals')).getByRole('button', { name: 'Leave Sprint Week' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(GOAL_MESSAGES.leaveConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to leave campaign');
    expect(callsTo(fetchMock, 'DELETE /api/user_goals/300')).toHaveLength(1);
  });
});
