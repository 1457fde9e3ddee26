import { forTheseTests, openPulseSocket, sampleValue, scrapeMetrics, socketUrl, waitFor } from '@warriors/test-support';
import { startSocial } from '../support/harness';

const social = forTheseTests(() => startSocial());
const openSockets = async () => sampleValue(await scrapeMetrics(social.current.url), 'warriors_social_open_sockets', { service: 'social' });

describe("social's /metrics", () => {
  it('counts the live sockets open on the process', async () => {
    const s = social.current;
    const user = await s.register();
    expect(await openSockets()).toBe(0);
    const first = await openPulseSocket(socketUrl(s.url, user.token));
    const second = await openPulseSocket(socketUrl(s.url, user.token));
    await waitFor(async () => (await openSockets()) === 2, 5000, 'two sockets counted');
    first.close();
    await waitFor(async () => (await openSockets()) === 1, 5000, 'a closed socket no longer counted');
    second.close();
    await waitFor(async () => (await openSockets()) === 0, 5000, 'no socket left');
  });

  it('times its routes under their templates and reports its durable consumers', async () => {
    const s = social.current;
    const user = await s.register();
    await s.pulse(user);
    const samples = await scrapeMetrics(s.url);
    expect(sampleValue(samples, 'warriors_http_request_duration_seconds_count', { service: 'social', route: '/api/battle-pulse', method: 'GET', status_class: '2xx' })).toBe(1);
    const durables = samples.filter((sample) => sample.name === 'warriors_consumer_pending_messages').map((sample) => sample.labels.durable);
    expect(durables).toEqual(expect.arrayContaining(['social_users_user_all']));
    expect(durables.some((durable) => durable?.startsWith('social_pulse_'))).toBe(true);
  });
});
