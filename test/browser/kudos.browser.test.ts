import { apiClient } from '../support/api-client';
import { accessibilityViolations, browserProductForSuite, screenshot } from '../support/browser';

jest.setTimeout(150_000);

describe('kudos in a real browser', () => {
  const product = browserProductForSuite();

  it("gives kudos to a rival's Shots Fired line in one browser, and shows its count and the bell line in the other's", async () => {
    const api = apiClient(product.url);
    const alice = await api.signup({ name: 'Alice Vance', timezone: 'UTC' });
    const bob = await api.signup({ name: 'Bob Carter', timezone: 'UTC' });
    expect([alice.status, bob.status]).toEqual([201, 201]);
    const logged = await api.call('POST', '/api/activity', { token: alice.body.access_token, body: { activity_type: 'meeting' } });
    expect(logged.status).toBe(201);

    // Bob, in a browser context of his own, gives Alice's meeting his kudos.
    const bobPage = await product.signedIn(bob.body.access_token);
    await bobPage.goto(`${product.url}/dashboard`);
    const bobShots = bobPage.getByRole('region', { name: 'Shots Fired' });
    const give = bobShots.getByRole('button', { name: "Give kudos to Alice V.'s Meeting, 0 kudos" });
    await give.waitFor();
    expect(await give.getAttribute('aria-pressed')).toBe('false');
    await give.click();
    const given = bobShots.getByRole('button', { name: "Give kudos to Alice V.'s Meeting, 1 kudos" });
    await given.waitFor();
    expect(await given.getAttribute('aria-pressed')).toBe('true');
    await bobShots.scrollIntoViewIfNeeded();
    await screenshot(bobPage, '95-kudos-given');
    expect(await accessibilityViolations(bobPage, '#battle-ground')).toEqual([]);
    // Pressed again, and after a reload: still one, from the server.
    await given.click();
    await bobPage.reload();
    await bobShots.getByRole('button', { name: "Give kudos to Alice V.'s Meeting, 1 kudos", pressed: true }).waitFor();

    // Alice, in another context, sees the count on her own line (no button) and Bob's kudos in the bell.
    const alicePage = await product.signedIn(alice.body.access_token);
    await alicePage.goto(`${product.url}/dashboard`);
    const aliceLine = alicePage.getByRole('region', { name: 'Shots Fired' }).getByRole('listitem').filter({ hasText: 'Alice V.' });
    await aliceLine.getByText('1 kudos').waitFor();
    // Her own line offers no kudos button (its Delete is hers alone).
    expect(await aliceLine.getByRole('button', { name: /kudos/i }).count()).toBe(0);
    const bell = alicePage.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await bell.click();
    const line = alicePage.getByRole('list', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'Bob C. gave kudos to your Meeting' });
    await line.waitFor();
    await screenshot(alicePage, '96-kudos-bell');
    expect(await accessibilityViolations(alicePage)).toEqual([]);
    await line.getByRole('button').click();
    await line.getByText('· Read').waitFor();
    await alicePage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    await alicePage.close();
    await bobPage.close();
  });
});
