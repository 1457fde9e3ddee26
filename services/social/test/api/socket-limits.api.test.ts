import WebSocket from 'ws';
import { forTheseTests, socketUrl, waitFor } from '@warriors/test-support';
import { startSocial } from '../support/harness';

// The service's own ports carry the socket limits (SOCIAL_HEARTBEAT_MS in the process): small here.
const social = forTheseTests(() => startSocial({ socketLimits: { heartbeatMs: 50 } }));

describe('the live socket limits, through the service ports', () => {
  it('drops a client that does not answer pings and keeps one that does', async () => {
    const s = social.current;
    const user = await s.register();
    const silent = new WebSocket(socketUrl(s.url, user.token), { autoPong: false });
    const answering = new WebSocket(socketUrl(s.url, user.token));
    let answeringClosed = false;
    answering.once('close', () => (answeringClosed = true));
    const silentClosed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
    await silentClosed;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answeringClosed).toBe(false);
    await waitFor(() => answering.readyState === WebSocket.OPEN, 1000, 'the answering client still open');
    answering.close();
  });
});
