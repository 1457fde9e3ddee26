import { createTtlCache } from '../src';

describe('createTtlCache', () => {
  let now = 0;
  const cache = () => createTtlCache<string, number | null>({ ttlMs: 1000, maxEntries: 2, now: () => now });
  beforeEach(() => {
    now = 0;
  });

  it('answers a value within the TTL, null included, and nothing after it', () => {
    const c = cache();
    c.set('a', null);
    now = 999;
    expect(c.get('a')).toBeNull();
    now = 1000;
    expect(c.get('a')).toBeUndefined();
  });

  it('keeps the most recently set entries', () => {
    const c = cache();
    c.set('a', 1);
    c.set('b', 2);
    c.set('a', 3);
    c.set('c', 4);
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual([3, undefined, 4]);
  });

  it('drops a key on deleteIf only while it still holds that value', () => {
    const c = cache();
    c.set('a', 1);
    c.deleteIf('a', 2);
    expect(c.get('a')).toBe(1);
    c.deleteIf('a', 1);
    expect(c.get('a')).toBeUndefined();
  });
});
