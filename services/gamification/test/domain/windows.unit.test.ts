import { liveKeyDeltas, pointDeltas, windowKey } from '../../src/domain/windows';

const at = (date: string) => Date.parse(`${date}T00:00:00Z`);

describe('pointDeltas', () => {
  it('puts a point on its day, the seven 7-day sets ending that day or after, and all-time', () => {
    expect(pointDeltas('2025-03-30', 3)).toEqual([
      { key: 'day:2025-03-30', delta: 3, expireAt: at('2025-04-08') },
      { key: '7d:2025-03-30', delta: 3, expireAt: at('2025-04-01') },
      { key: '7d:2025-03-31', delta: 3, expireAt: at('2025-04-02') },
      { key: '7d:2025-04-01', delta: 3, expireAt: at('2025-04-03') },
      { key: '7d:2025-04-02', delta: 3, expireAt: at('2025-04-04') },
      { key: '7d:2025-04-03', delta: 3, expireAt: at('2025-04-05') },
      { key: '7d:2025-04-04', delta: 3, expireAt: at('2025-04-06') },
      { key: '7d:2025-04-05', delta: 3, expireAt: at('2025-04-07') },
      { key: 'alltime', delta: 3 },
    ]);
  });
});

describe('windowKey', () => {
  it('reads the viewer date for Today and 7 Days, one set for all-time', () => {
    expect(windowKey('today', '2025-03-30')).toBe('day:2025-03-30');
    expect(windowKey('7d', '2025-03-30')).toBe('7d:2025-03-30');
    expect(windowKey('alltime', '2025-03-30')).toBe('alltime');
  });

  it('makes a 7-day set hold exactly the seven dates ending with its date', () => {
    const holders = (date: string) => pointDeltas(date, 1).map((d) => d.key);
    const key = windowKey('7d', '2025-03-30');
    expect(['2025-03-23', '2025-03-24', '2025-03-29', '2025-03-30', '2025-03-31'].filter((d) => holders(d).includes(key))).toEqual(['2025-03-24', '2025-03-29', '2025-03-30']);
  });
});

describe('liveKeyDeltas', () => {
  it('lists every key a point can still sit in, and only live ones', () => {
    const now = new Date('2025-03-30T12:00:00Z');
    const keys = liveKeyDeltas(now).map((d) => d.key);
    expect(keys).toContain('day:2025-03-22');
    expect(keys).toContain('day:2025-03-31');
    expect(keys).not.toContain('day:2025-03-21');
    expect(keys).toContain('7d:2025-03-29');
    expect(keys).not.toContain('7d:2025-03-28');
    expect(keys).toContain('7d:2025-04-06');
    expect(keys).toContain('alltime');
    expect(liveKeyDeltas(now).every((d) => d.expireAt === undefined || d.expireAt > now.getTime())).toBe(true);
  });
});
