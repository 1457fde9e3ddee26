import { EARLY_READ_FRESH_MS, startEarlyRead, takeEarlyRead } from './early-reads';

describe('early reads', () => {
  const answer = () => new Response('{}', { status: 200 });

  beforeEach(() => {
    globalThis.fetch = jest.fn(async () => answer());
  });

  it('gives a started read to the first taker of the same URL and session, once', async () => {
    startEarlyRead('/api/campaigns', 'token-a', 1_000);
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/campaigns', { headers: { Authorization: 'Bearer token-a' } });
    expect(takeEarlyRead('/api/campaigns', 'token-b', 1_000)).toBeUndefined();
    expect(takeEarlyRead('/api/campaign', 'token-a', 1_000)).toBeUndefined();
    expect(takeEarlyRead('/api/campaigns', 'token-a', 1_000)).toBeDefined();
    expect(takeEarlyRead('/api/campaigns', 'token-a', 1_000)).toBeUndefined();
  });

  it('hands the answer over while fresh, never after', async () => {
    startEarlyRead('/api/campaigns', 'token-a', 1_000);
    expect((await takeEarlyRead('/api/campaigns', 'token-a', 1_000 + EARLY_READ_FRESH_MS))?.status).toBe(200);
    expect(takeEarlyRead('/api/campaigns', 'token-a', 1_000 + EARLY_READ_FRESH_MS)).toBeUndefined();
    startEarlyRead('/api/leaderboard/today', 'token-a', 1_000);
    expect(takeEarlyRead('/api/leaderboard/today', 'token-a', 1_001 + EARLY_READ_FRESH_MS)).toBeUndefined();
  });
});
