import { createResponseCache } from '../../src';

describe('createResponseCache', () => {
  let now = 0;
  const cache = () => createResponseCache<number, string>({ ttlMs: 1000, maxEntries: 2, now: () => now });
  beforeEach(() => {
    now = 0;
  });

  it('reuses an answer within the TTL and loads again after it', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await c.get(1, load)).toBe('v1');
    now = 999;
    expect(await c.get(1, load)).toBe('v1');
    now = 1000;
    expect(await c.get(1, load)).toBe('v2');
  });

  it('forget and clear drop answers at once; concurrent misses share one load', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => `v${++loads}`;
    const [a, b] = await Promise.all([c.get(1, load), c.get(1, load)]);
    expect([a, b, loads]).toEqual(['v1', 'v1', 1]);
    c.forget(1);
    expect(await c.get(1, load)).toBe('v2');
    c.clear();
    expect(await c.get(1, load)).toBe('v3');
  });

  it('keeps no failed load and at most maxEntries keys', async () => {
    const c = cache();
    await expect(c.get(1, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await c.get(1, async () => 'up')).toBe('up');
    await c.get(2, async () => 'two');
    await c.get(3, async () => 'three');
    expect(await c.get(1, async () => 'reloaded')).toBe('reloaded');
  });
});
