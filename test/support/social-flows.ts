import type { PulseEvent } from '@warriors/contracts';
import { personName, SOCIAL_MESSAGES } from '@warriors/contracts';
import { openPulseSocket, socketUrl, waitFor } from '@warriors/test-support';
import { apiClient } from './api-client';

/** The Battle Pulse, live socket, nudges and public profiles any run mode must give through the gateway. */
export function describeSocialThroughGateway(baseUrl: () => string): void {
  it('sends a badge earned by one broker to another broker open socket, and keeps it in the pulse', async () => {
    const api = apiClient(baseUrl());
    const earner = await api.signup({ timezone: 'UTC' });
    const watcher = await api.signup({ timezone: 'UTC' });
    const client = await openPulseSocket(socketUrl(baseUrl(), watcher.body.access_token));
    try {
      const logged = await api.call('POST', '/api/activity', { token: earner.body.access_token, body: { activity_type: 'meeting' } });
      expect(logged.status).toBe(201);
      const isBadge = (payload: PulseEvent) => payload.user_id === earner.body.user.id && /^earned the First Meeting badge$/.test(payload.message);
      await waitFor(() => client.received.some((r) => isBadge(r.message.payload)), 15_000, 'the badge line on the socket');
      const line = client.received.find((r) => isBadge(r.message.payload))!.message;
      expect(line).toMatchObject({ kind: 'pulse', payload: { type: 'achievement', username: earner.body.user.username, name: earner.body.user.name, related_user: null } });
      const pulse = await api.call('GET', '/api/battle-pulse?limit=20', { token: watcher.body.access_token });
      expect(pulse.body).toContainEqual(line.payload);
    } finally {
      client.close();
    }
  });

  it('nudges: the bell, the read mark, and the pulse line; a broker hidden from the pulse shows in no line, old or new', async () => {
    const api = apiClient(baseUrl());
    const from = await api.signup({ timezone: 'UTC' });
    const to = await api.signup({ timezone: 'UTC' });
    const sent = await api.call('POST', '/api/nudges', { token: from.body.access_token, body: { type: 'cheer', to_user_id: to.body.user.id } });
    expect(sent.status).toBe(201);
    expect((await api.call('POST', '/api/nudges', { token: from.body.access_token, body: { type: 'cheer', to_user_id: from.body.user.id } })).body).toEqual({
      detail: SOCIAL_MESSAGES.selfNudge,
    });
    const bell = await api.call('GET', '/api/nudges/inbox', { token: to.body.access_token });
    expect(bell.body).toEqual([sent.body]);
    expect((await api.call('PUT', `/api/nudges/${sent.body.id}/read`, { token: from.body.access_token })).status).toBe(404);
    expect((await api.call('PUT', `/api/nudges/${sent.body.id}/read`, { token: to.body.access_token })).body).toEqual({ ...sent.body, is_read: true });

    const lines = async () =>
      ((await api.call('GET', '/api/battle-pulse?limit=100', { token: to.body.access_token })).body as PulseEvent[]).filter((l) => l.user_id === from.body.user.id);
    expect((await lines()).map((l) => l.message)).toEqual([`cheered for ${personName(to.body.user.name, to.body.user.username)}`]);
    const hide = await api.call('PUT', '/api/settings/battle-pulse-visibility?show_in_battle_pulse=false', { token: from.body.access_token });
    expect(hide.status).toBe(200);
    await waitFor(async () => (await lines()).length === 0, 10_000, 'the old line hidden');
    expect((await api.call('POST', '/api/nudges', { token: from.body.access_token, body: { type: 'props', to_user_id: to.body.user.id } })).status).toBe(201);
    expect(await lines()).toEqual([]);
  });

  it('public profiles: anyone may read a public one, a private one shows the username and message only, a deleted account is 404', async () => {
    const api = apiClient(baseUrl());
    const owner = await api.signup({ timezone: 'UTC', company: 'Hidden Holdings' });
    const id: string = owner.body.user.id;
    const token: string = owner.body.access_token;
    expect((await api.call('POST', '/api/activity/bulk', { token, body: { activity_type: 'cold_call', quantity: 5, honesty_confirmed: true } })).status).toBe(201);
    await waitFor(
      async () => {
        const profile = await api.call('GET', `/api/users/${id}/public-profile`);
        return profile.status === 200 && profile.body.total_points === 5 && profile.body.activity_counts.today.cold_call === 5;
      },
      10_000,
      'the public profile with the logged calls',
    );
    const open = (await api.call('GET', `/api/users/${id}/public-profile`)).body;
    expect(open).toMatchObject({ id, username: owner.body.user.username, profile_public: true, company: 'Hidden Holdings', streak_days: 1 });

    expect((await api.call('PUT', '/api/settings/privacy?profile_public=false', { token })).status).toBe(200);
    const closed = await api.call('GET', `/api/users/${id}/public-profile`);
    expect(closed).toMatchObject({ status: 200, body: { id, username: owner.body.user.username, profile_public: false, message: SOCIAL_MESSAGES.privateProfile } });
    expect(Object.keys(closed.body).sort()).toEqual(['id', 'message', 'profile_public', 'username']);

    expect((await api.call('DELETE', '/api/user/delete-account', { token })).status).toBeLessThan(300);
    expect(await api.call('GET', `/api/users/${id}/public-profile`)).toMatchObject({ status: 404, body: { detail: SOCIAL_MESSAGES.profileNotFound } });
  });
}
