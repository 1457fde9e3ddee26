import { LIVE_SOCKET_CLOSE, type LiveSocketClose } from '@warriors/contracts';
import { eventually, forTheseTests, openPulseSocket, refusedUpgradeReply, sampleValue, scrapeMetrics, socketUrl, waitFor, type PulseClient } from '@warriors/test-support';
import { SOCKETS_FULL_DETAIL } from '../../src/live/socket-hub';
import { secondInstance, startSocial, type TestSocial, type TestUser } from '../support/harness';

/** Where a socket stands: still open, or the code and reason the server closed it with. */
function watch(client: PulseClient) {
  const state: { closed: { code: number; reason: string } | null } = { closed: null };
  client.socket.once('close', (code, reason) => (state.closed = { code, reason: reason.toString() }));
  return state;
}

const closedWith = (state: ReturnType<typeof watch>, why: LiveSocketClose) => state.closed?.code === why.code && state.closed.reason === why.reason;

const badge = (s: TestSocial, user: TestUser, name: string) =>
  s.event('badge.earned', { user_id: user.id, badge_type: 'first_meeting', name, repeat_count: 1, earned_at: s.clock.now().toISOString() });

const openSockets = async (s: TestSocial) => sampleValue(await scrapeMetrics(s.url), 'warriors_social_open_sockets', { service: 'social' });

const received = (client: PulseClient, message: string) => client.received.some((m) => m.message.payload.message === message);

describe('a live socket ends with its account and its token', () => {
  const social = forTheseTests(() => startSocial());

  it("closes the deleted account's sockets on every instance within seconds (4003), and nobody else's", async () => {
    const s = social.current;
    const other = await secondInstance(s);
    try {
      const leaving = await s.register();
      const staying = await s.register();
      const leavingSockets = await Promise.all([s.url, s.url, other.url].map((url) => openPulseSocket(socketUrl(url, leaving.token))));
      const stayingSockets = await Promise.all([s.url, other.url].map((url) => openPulseSocket(socketUrl(url, staying.token))));
      const leavingStates = leavingSockets.map(watch);
      const stayingStates = stayingSockets.map(watch);

      await s.deleteUser(leaving);
      await waitFor(
        () => leavingStates.every((state) => closedWith(state, LIVE_SOCKET_CLOSE.accountDeleted)),
        5_000,
        "every socket of the deleted account closed with 4003 'Account deleted'",
      );

      await s.publishAndSettle(badge(s, staying, 'Still Here'));
      for (const client of stayingSockets) await eventually('the line on the remaining sockets', () => (received(client, 'earned the Still Here badge') ? true : undefined));
      expect(stayingStates.map((state) => state.closed)).toEqual([null, null]);
      stayingSockets.forEach((client) => client.close());
    } finally {
      await other.close();
    }
  });

  it("closes the sockets of every earlier token on every instance when the account signs out everywhere (4002), and takes the new token's", async () => {
    const s = social.current;
    const other = await secondInstance(s);
    try {
      const user = await s.register();
      const earlier = await Promise.all([s.url, other.url].map((url) => openPulseSocket(socketUrl(url, user.token))));
      const earlierStates = earlier.map(watch);

      const fresh = await s.revokeSessions(user, 1);
      await waitFor(
        () => earlierStates.every((state) => closedWith(state, LIVE_SOCKET_CLOSE.sessionRevoked)),
        5_000,
        "every socket of an earlier token closed with 4002 'Signed out everywhere'",
      );
      expect((await refusedUpgradeReply(socketUrl(s.url, user.token))).status).toBe(401);
      const current = await openPulseSocket(socketUrl(other.url, fresh));
      await s.publishAndSettle(badge(s, user, 'After Sign Out'));
      await eventually('the line on the new socket', () => (received(current, 'earned the After Sign Out badge') ? true : undefined));
      current.close();
    } finally {
      await other.close();
    }
  });

  it("closes a socket at its token's expiry (4001), after delivering lines until then", async () => {
    const s = social.current;
    const user = await s.register();
    const pinnedAt = s.clock.now();
    // The service's clock says the token has 5 s left: the socket must close then, whatever the wall clock says.
    s.clock.set(new Date(s.tokens.verify(user.token).expiresAt.getTime() - 5_000));
    try {
      const client = await openPulseSocket(socketUrl(s.url, user.token));
      const state = watch(client);
      await s.publishAndSettle(badge(s, user, 'Before Expiry'));
      await eventually('the line before the expiry', () => (received(client, 'earned the Before Expiry badge') ? true : undefined));
      expect(state.closed).toBeNull();
      await waitFor(() => closedWith(state, LIVE_SOCKET_CLOSE.sessionExpired), 15_000, "the socket closed with 4001 'Session expired'");
    } finally {
      s.clock.set(pinnedAt);
    }
  });
});

describe('how many live sockets there may be', () => {
  const social = forTheseTests(() => startSocial({ socketLimits: { maxPerAccount: 10, maxSockets: 20 } }));

  it("closes an account's oldest socket (4008) when it opens an 11th, and leaves the others and other accounts alone", async () => {
    const s = social.current;
    const user = await s.register();
    const neighbour = await s.register();
    const first = await openPulseSocket(socketUrl(s.url, neighbour.token));
    const neighbourState = watch(first);
    const held: PulseClient[] = [];
    for (let i = 0; i < 10; i++) held.push(await openPulseSocket(socketUrl(s.url, user.token)));
    const states = held.map(watch);

    const eleventh = await openPulseSocket(socketUrl(s.url, user.token));
    await waitFor(() => closedWith(states[0]!, LIVE_SOCKET_CLOSE.replaced), 5_000, 'the oldest socket replaced');
    const twelfth = await openPulseSocket(socketUrl(s.url, user.token));
    await waitFor(() => closedWith(states[1]!, LIVE_SOCKET_CLOSE.replaced), 5_000, 'the next oldest replaced');

    await s.publishAndSettle(badge(s, neighbour, 'Crowded'));
    const open = [...held.slice(2), eleventh, twelfth, first];
    for (const client of open) await eventually('the line on every open socket', () => (received(client, 'earned the Crowded badge') ? true : undefined));
    expect(states.slice(2).map((state) => state.closed)).toEqual(Array(8).fill(null));
    expect(neighbourState.closed).toBeNull();
    open.forEach((client) => client.close());
  });

  it('refuses upgrades past the process cap with 503 and a {detail}, counting the ones under way, and lets one in once a socket closes', async () => {
    const s = social.current;
    await waitFor(async () => (await openSockets(s)) === 0, 5_000, 'the earlier sockets gone');
    const users = await Promise.all(Array.from({ length: 8 }, () => s.register()));
    const held = await Promise.all(users.slice(0, 5).flatMap((user) => [1, 2, 3].map(() => openPulseSocket(socketUrl(s.url, user.token)))));
    // 15 open, 5 places left: of 12 upgrades at once, exactly 5 get in and the others are told 503.
    const attempts = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => openPulseSocket(socketUrl(s.url, users[5 + (i % 3)]!.token))));
    const admitted = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
    const refusals = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [String(attempt.reason)] : []));
    expect(admitted).toHaveLength(5);
    expect(refusals).toEqual(Array(7).fill('Error: Unexpected server response: 503'));
    expect(await refusedUpgradeReply(socketUrl(s.url, users[0]!.token))).toEqual({ status: 503, body: { detail: SOCKETS_FULL_DETAIL } });

    const leaving = held[0]!;
    const gone = new Promise((resolve) => leaving.socket.once('close', resolve));
    leaving.close();
    await gone;
    const again = await eventually('a place free again', () => openPulseSocket(socketUrl(s.url, users[0]!.token)).catch(() => undefined));
    for (const client of [...held.slice(1), ...admitted, again]) client.close();
    await waitFor(async () => (await openSockets(s)) === 0, 5_000, 'every socket closed');
  });
});
