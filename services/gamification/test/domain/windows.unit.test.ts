import { isLive, liveDateRange, liveKeyDeltas, pointDeltas, windowKey, windowsOf } from '../../src/domain/windows';

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

describe('windowsOf', () => {
  it('names the day sets each seven-day set sums: exactly the dates that put a point in it', () => {
    const sevenDay = windowsOf('2025-03-30').find((w) => w.key === '7d:2025-04-02')!;
    expect(sevenDay.sumOf).toEqual(['day:2025-03-27', 'day:2025-03-28', 'day:2025-03-29', 'day:2025-03-30', 'day:2025-03-31', 'day:2025-04-01', 'day:2025-04-02']);
    for (const source of sevenDay.sumOf!) expect(pointDeltas(source.slice('day:'.length), 1).map((d) => d.key)).toContain('7d:2025-04-02');
  });

  it('keeps every day set of a live seven-day set live and within the live dates, so a rebuild can sum them (any hour, a year of days)', () => {
    // Collected and compared once: an expect per date (some 60,000) made this test take most of a worker's timeout.
    const outside: string[] = [];
    for (let hour = 0; hour < 366 * 24; hour += 5) {
      const now = new Date(Date.parse('2025-01-01T00:00:00Z') + hour * 3_600_000);
      const live = new Set(liveKeyDeltas(now).map((d) => d.key));
      for (const key of live) {
        if (!key.startsWith('7d:')) continue;
        const window = windowsOf(key.slice('7d:'.length)).find((w) => w.key === key)!;
        for (const source of window.sumOf!) {
          const date = source.slice('day:'.length);
          if (!isLive(windowsOf(date)[0]!, now) || date < liveDateRange(now).from) outside.push(`${source} of ${key} at ${now.toISOString()}`);
        }
      }
    }
    expect(outside).toEqual([]);
  });
});
