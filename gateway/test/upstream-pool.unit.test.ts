import { UpstreamPool } from '../src/upstream-pool';

describe('an upstream pool’s passive health', () => {
  let now: number;
  const pool = (urls: string[]) => new UpstreamPool('activity', urls, { now: () => now, firstEjectionMs: 1000, maxEjectionMs: 30_000 });
  beforeEach(() => {
    now = 1_000_000;
  });

  it('leaves an instance it could not connect to out of the turn, then tries it again', () => {
    const activity = pool(['http://a', 'http://b', 'http://c']);
    expect(activity.failedToConnect('http://b')).toBe(1000);
    expect([1, 2, 3, 4].map(() => activity.next())).toEqual(['http://a', 'http://c', 'http://a', 'http://c']);
    now += 1000;
    expect(activity.isEjected('http://b')).toBe(false);
    expect([1, 2, 3].map(() => activity.next())).toEqual(['http://a', 'http://b', 'http://c']);
  });

  it('doubles the ejection at each failure after a comeback, up to the cap, and forgets it once connected', () => {
    const activity = pool(['http://a', 'http://b']);
    const ejections: number[] = [];
    for (let i = 0; i < 7; i++) {
      ejections.push(activity.failedToConnect('http://a')!);
      now += ejections.at(-1)!;
    }
    expect(ejections).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(activity.connected('http://a')).toBe(true);
    expect(activity.connected('http://a')).toBe(false);
    expect(activity.failedToConnect('http://a')).toBe(1000);
  });

  it('counts the failures of the requests in flight when an instance dies as one', () => {
    const activity = pool(['http://a', 'http://b']);
    expect([1, 2, 3].map(() => activity.failedToConnect('http://a'))).toEqual([1000, null, null]);
  });

  it('still sends to the instance due back first when every one is out', () => {
    const activity = pool(['http://a', 'http://b']);
    activity.failedToConnect('http://a');
    now += 1000;
    activity.failedToConnect('http://a');
    activity.failedToConnect('http://b');
    expect(activity.next()).toBe('http://b');
    now += 1000;
    expect(activity.next()).toBe('http://b');
  });

  it('offers another instance to a request that could not connect, healthy ones first, none in a pool of one', () => {
    const activity = pool(['http://a', 'http://b', 'http://c']);
    activity.failedToConnect('http://b');
    expect(activity.alternativeTo('http://a')).toBe('http://c');
    activity.failedToConnect('http://c');
    expect(activity.alternativeTo('http://a')).toBe('http://b');
    expect(pool(['http://a']).alternativeTo('http://a')).toBeUndefined();
  });
});
