import { afterFailure, DEFAULT_DELIVERY_POLICY } from '../../src/domain/delivery-policy';
import { duePeriod } from '../../src/domain/digest-schedule';
import { readUnsubscribeToken, unsubscribeToken } from '../../src/domain/unsubscribe-token';

const created = new Date('2026-03-04T15:00:00.000Z');
const later = (ms: number) => new Date(created.getTime() + ms);

describe('a failed send', () => {
  it('is dead at once on a 5xx reply, and retried after a doubling wait on a 4xx or a connection failure', () => {
    expect(afterFailure({ responseCode: 550, message: '550 No such user' }, 1, created, created, DEFAULT_DELIVERY_POLICY)).toEqual({ kind: 'dead', reason: '550 No such user' });
    expect(afterFailure({ responseCode: 451, message: 'later' }, 1, created, created, DEFAULT_DELIVERY_POLICY)).toEqual({ kind: 'retry', at: later(15_000) });
    expect(afterFailure({ message: 'ECONNREFUSED' }, 3, created, created, DEFAULT_DELIVERY_POLICY)).toEqual({ kind: 'retry', at: later(60_000) });
    expect(afterFailure({ message: 'ECONNREFUSED' }, 30, created, created, DEFAULT_DELIVERY_POLICY)).toEqual({ kind: 'retry', at: later(15 * 60_000) });
  });

  it('is given up once its next try would fall past the give-up time', () => {
    const outcome = afterFailure({ message: 'ETIMEDOUT' }, 300, created, later(72 * 3600_000 - 60_000), DEFAULT_DELIVERY_POLICY);
    expect(outcome).toMatchObject({ kind: 'dead', reason: expect.stringContaining('gave up after 300 attempts') });
  });
});

describe('a digest', () => {
  it("is due from 08:00 on the broker's local day, the recap on Mondays only", () => {
    expect(duePeriod('weekly_recap', new Date('2026-03-09T12:59:00Z'), 'America/Chicago')).toBeNull();
    expect(duePeriod('weekly_recap', new Date('2026-03-09T13:00:00Z'), 'America/Chicago')).toBe('2026-03-09');
    expect(duePeriod('weekly_recap', new Date('2026-03-10T13:00:00Z'), 'America/Chicago')).toBeNull();
    expect(duePeriod('daily_digest', new Date('2026-03-10T12:30:00Z'), 'America/Chicago')).toBeNull();
    expect(duePeriod('daily_digest', new Date('2026-03-10T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-11');
  });
});

describe('an unsubscribe token', () => {
  const key = Buffer.alloc(32, 7);

  it('names who it stops which mail for, and nothing once altered or signed with another key', () => {
    const token = unsubscribeToken(key, { kind: 'weekly_recap', user_id: 'u-1' });
    expect(readUnsubscribeToken(key, token)).toEqual({ kind: 'weekly_recap', user_id: 'u-1' });
    expect(readUnsubscribeToken(key, unsubscribeToken(key, { kind: 'invitations', email: 'jo@example.com' }))).toEqual({ kind: 'invitations', email: 'jo@example.com' });
    expect(readUnsubscribeToken(Buffer.alloc(32, 8), token)).toBeNull();
    expect(readUnsubscribeToken(key, `${token}x`)).toBeNull();
    expect(readUnsubscribeToken(key, 'not-a-token')).toBeNull();
  });
});
