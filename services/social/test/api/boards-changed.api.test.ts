import { BOARDS_CHANGED_GAP_MS, BOARDS_CHANGED_SUBJECT, type BoardsChangedNotice } from '@warriors/contracts';
import { forTheseTests, openPulseSocket, socketUrl, waitFor, type PulseClient } from '@warriors/test-support';
import { startSocial, withSecondInstance, type TestSocial, type TestUser } from '../support/harness';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Playing a gamification instance: a batch's points (here one user's) reached the boards. */
const boardsChanged = (s: TestSocial, user: TestUser) => {
  const notice: BoardsChangedNotice = { from: 'a-gamification-instance', user_ids: [user.id] };
  return s.bus.publishTransient(BOARDS_CHANGED_SUBJECT, notice);
};

/** Messages a gap apart may arrive a little closer than the gap, by the network's jitter. */
const JITTER_MS = 100;

/** Waits until a client heard nothing new for longer than the settling run takes. */
async function quiet(client: PulseClient): Promise<void> {
  for (;;) {
    const heard = client.boardsChanged.length;
    await pause(2 * BOARDS_CHANGED_GAP_MS + 500);
    if (client.boardsChanged.length === heard) return;
  }
}

describe("the live socket's 'boards.changed'", () => {
  const social = forTheseTests(() => startSocial());

  it("follows gamification's notice on every instance: at once, then once more a gap later, and nothing else", () =>
    withSecondInstance(social.current, async (other) => {
      const s = social.current;
      const rival = await s.register();
      const watcher = await s.register();
      const clients = await Promise.all([s.url, other.url].map((url) => openPulseSocket(socketUrl(url, watcher.token))));

      await boardsChanged(s, rival);
      await waitFor(() => clients.every((c) => c.boardsChanged.length >= 1), 10_000, "'boards.changed' on both instances' sockets");
      for (const client of clients) {
        await quiet(client);
        expect(client.boardsChanged).toHaveLength(2);
        expect(client.boardsChanged[1]! - client.boardsChanged[0]!).toBeGreaterThanOrEqual(BOARDS_CHANGED_GAP_MS - JITTER_MS);
        expect(client.received).toEqual([]);
        client.close();
      }
    }));

  it('ignores a notice of another shape', async () => {
    const s = social.current;
    const watcher = await s.register();
    const client = await openPulseSocket(socketUrl(s.url, watcher.token));
    await s.bus.publishTransient(BOARDS_CHANGED_SUBJECT, { boards: 'changed' });
    await quiet(client);
    expect(client.boardsChanged).toEqual([]);
    client.close();
  });

  it('coalesces many notices into a few messages, at most one a gap, the last after the last event', async () => {
    const s = social.current;
    const rival = await s.register();
    const watcher = await s.register();
    const client = await openPulseSocket(socketUrl(s.url, watcher.token));
    const events = 60;

    // Twenty a burst, a third of a gap apart: about a gap and a half of awards.
    for (let burst = 0; burst < 3; burst += 1) {
      await Promise.all(Array.from({ length: events / 3 }, () => boardsChanged(s, rival)));
      if (burst < 2) await pause(BOARDS_CHANGED_GAP_MS / 3);
    }
    const lastPublished = performance.now();
    await waitFor(() => client.boardsChanged.length >= 1, 10_000, "a first 'boards.changed'");
    await quiet(client);

    const heard = client.boardsChanged;
    expect(heard.length).toBeGreaterThanOrEqual(2);
    expect(heard.length).toBeLessThan(events / 5);
    for (let i = 1; i < heard.length; i += 1) expect(heard[i]! - heard[i - 1]!).toBeGreaterThanOrEqual(BOARDS_CHANGED_GAP_MS - JITTER_MS);
    // The settling run: a whole gap after the last award was heard.
    expect(heard[heard.length - 1]! - lastPublished).toBeGreaterThanOrEqual(BOARDS_CHANGED_GAP_MS - JITTER_MS);
    client.close();
  });
});
