import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Provider } from 'react-redux';
import { useAppSelector } from '../../lib/hooks';
import { makeStore } from '../../lib/store';
import { selectCurrentUser } from '../../lib/session';
import { callsTo, jsonResponse, mockApi, signedIn, testUser } from '../../../test/render';
import { ProfileForm } from './ProfileForm';
import { TimeZonePrompt } from './TimeZonePrompt';

beforeEach(() => localStorage.clear());

const LOS_ANGELES = 'America/Los_Angeles';
const PROMPT = 'Your device is on America/Los Angeles; your days are counted in America/Chicago. Switch?';

/** The session's user, as the dashboard gives it to the prompt. */
function PromptOfSession() {
  const user = useAppSelector(selectCurrentUser);
  return user ? <TimeZonePrompt user={user} deviceZone={LOS_ANGELES} /> : null;
}

function renderPrompt() {
  const store = makeStore(signedIn());
  const view = render(
    <Provider store={store}>
      <PromptOfSession />
    </Provider>,
  );
  return { store, ...view };
}

async function expectAxeClean(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(results.violations.map((v) => v.id)).toEqual([]);
}

describe('TimeZonePrompt', () => {
  it("offers the device's zone when it is not the profile's, and switches to it with the keyboard", async () => {
    const fetchMock = mockApi({ 'PUT /api/settings/profile': jsonResponse(200, { ...testUser, timezone: LOS_ANGELES }) });
    const { container, store } = renderPrompt();
    const prompt = screen.getByRole('region', { name: 'Timezone' });
    expect(prompt).toHaveTextContent(PROMPT);
    await expectAxeClean(container);

    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Switch to America/Los Angeles' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Timezone' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT /api/settings/profile').map((call) => call.body)).toEqual([{ timezone: LOS_ANGELES }]);
    expect(selectCurrentUser(store.getState())?.timezone).toBe(LOS_ANGELES);
  });

  it('says so and stays when the switch fails', async () => {
    mockApi({ 'PUT /api/settings/profile': jsonResponse(503, { detail: 'Service temporarily unavailable' }) });
    renderPrompt();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Switch to America/Los Angeles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service temporarily unavailable');
    expect(screen.getByRole('region', { name: 'Timezone' })).toHaveTextContent(PROMPT);
  });

  it('hides on Not now, on this device, for this pair of zones', async () => {
    const fetchMock = mockApi({});
    const first = renderPrompt();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Timezone' })).not.toBeInTheDocument();
    first.unmount();
    renderPrompt();
    expect(screen.queryByRole('region', { name: 'Timezone' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/settings/profile')).toEqual([]);
  });

  it('shows nothing when the device is on the profile’s zone', () => {
    mockApi({});
    const { container } = render(
      <Provider store={makeStore(signedIn())}>
        <TimeZonePrompt user={testUser} deviceZone={testUser.timezone} />
      </Provider>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('ProfileForm: Timezone', () => {
  it("edits the timezone from the IANA list, the device's zone suggested first", async () => {
    const fetchMock = mockApi({ 'PUT /api/settings/profile': jsonResponse(200, { ...testUser, timezone: LOS_ANGELES }) });
    render(
      <Provider store={makeStore(signedIn())}>
        <ProfileForm user={testUser} deviceZone={LOS_ANGELES} />
      </Provider>,
    );
    const select = screen.getByRole('combobox', { name: 'Timezone' });
    expect(select).toHaveValue('America/Chicago');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveTextContent('America/Los Angeles (this device)');
    expect(options.map((option) => (option as HTMLOptionElement).value)).toEqual(expect.arrayContaining(['Europe/London', 'Asia/Tokyo', 'America/Chicago']));
    expect(options.filter((option) => (option as HTMLOptionElement).value === LOS_ANGELES)).toHaveLength(1);

    const user = userEvent.setup();
    await user.selectOptions(select, LOS_ANGELES);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Profile saved successfully!');
    expect(callsTo(fetchMock, 'PUT /api/settings/profile')[0]?.body).toMatchObject({ timezone: LOS_ANGELES, name: testUser.name });
    expect(select).toHaveValue(LOS_ANGELES);
  });
});
