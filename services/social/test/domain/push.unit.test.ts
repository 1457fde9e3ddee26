import { usableEndpoint } from '@warriors/contracts';
import { inQuietHours, passedDay, pushDueAt, pushRetryDelayMs } from '../../src/domain/push';

const night = { quiet_start: '21:00', quiet_end: '07:00' };

describe('quiet hours', () => {
  it('wraps past midnight, excludes its end, and is none when start equals end', () => {
    expect([20 * 60 + 59, 21 * 60, 23 * 60 + 59, 0, 6 * 60 + 59, 7 * 60].map((m) => inQuietHours(m, '21:00', '07:00'))).toEqual([false, true, true, true, true, false]);
    expect([11 * 60 + 59, 12 * 60, 13 * 60 + 29, 13 * 60 + 30].map((m) => inQuietHours(m, '12:00', '13:30'))).toEqual([false, true, true, false]);
    expect(inQuietHours(3 * 60, '07:00', '07:00')).toBe(false);
  });

  it('holds a notification until quiet_end on the broker wall clock', () => {
    // 22:00 in New York (EST, -05:00): held until 07:00 there, the next morning.
    expect(pushDueAt(new Date('2026-03-03T03:00:00Z'), 'America/New_York', night).toISOString()).toBe('2026-03-03T12:00:00.000Z');
    // 02:30 there: the same morning.
    expect(pushDueAt(new Date('2026-03-03T07:30:00Z'), 'America/New_York', night).toISOString()).toBe('2026-03-03T12:00:00.000Z');
    // Outside quiet hours: now.
    const noon = new Date('2026-03-03T17:00:00Z');
    expect(pushDueAt(noon, 'America/New_York', night)).toEqual(noon);
    // In Tokyo (+09:00) 23:10 is 14:10 UTC.
    expect(pushDueAt(new Date('2026-03-03T14:10:00Z'), 'Asia/Tokyo', night).toISOString()).toBe('2026-03-03T22:00:00.000Z');
  });

  it('keeps 07:00 local across a change to daylight saving time overnight', () => {
    // New York moves to EDT (-04:00) at 02:00 on 8 March 2026: 22:00 EST on the 7th waits for 07:00 EDT.
    expect(pushDueAt(new Date('2026-03-08T03:00:00Z'), 'America/New_York', night).toISOString()).toBe('2026-03-08T11:00:00.000Z');
  });
});

describe('passed once a day', () => {
  it("is keyed by the broker's local date", () => {
    const at = new Date('2026-03-03T06:59:00Z');
    expect(passedDay(at, 'America/Denver')).toBe('2026-03-02');
    expect(passedDay(at, 'Europe/Paris')).toBe('2026-03-03');
  });
});

describe('retries', () => {
  it('back off 1, 2, 4 and 8 minutes', () => {
    expect([1, 2, 3, 4].map(pushRetryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
  });
});

describe('endpoints', () => {
  it('are https to a domain name; http only on loopback, and only where allowed', () => {
    expect(usableEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(usableEndpoint('http://127.0.0.1:9000/push', false)).toBe(false);
    expect(usableEndpoint('http://127.0.0.1:9000/push', true)).toBe(true);
    expect(usableEndpoint('http://localhost/push', true)).toBe(true);
    expect(usableEndpoint('http://10.0.0.5/push', true)).toBe(false);
    expect(usableEndpoint('ftp://127.0.0.1/push', true)).toBe(false);
    expect(usableEndpoint('not a url', true)).toBe(false);
    // An address or a bare host name is no push service: the server would POST into its own network.
    for (const internal of ['https://10.0.0.5/push', 'https://169.254.169.254/latest', 'https://[::1]/push', 'https://localhost/push', 'https://metadata/push']) {
      expect(usableEndpoint(internal, true)).toBe(false);
    }
    expect(usableEndpoint('https://web.push.apple.com/QGuQyavXutnMH', false)).toBe(true);
  });
});
