import { createRateLimiter, fixedClock, refusalText, secondsText, waitText, windowText } from '../src';

describe('the per-user rate limiter', () => {
  const limits = { create: { limit: 3, windowMs: 60_000 }, burst: { limit: 5, windowMs: 3_600_000 } };

  it('lets a user through up to the limit, then names the kind that frees up last and takes nothing', () => {
    const clock = fixedClock('2026-03-12T15:00:00Z');
    const limiter = createRateLimiter(limits, clock);
    for (let i = 0; i < 3; i++) expect(limiter.take('ana', ['create', 'burst'])).toBeNull();
    expect(limiter.take('ana', ['create', 'burst'])).toEqual({ kind: 'create', limit: limits.create, waitMs: 20_000 });
    expect(limiter.take('bo', ['create'])).toBeNull();
    clock.advance(20_000);
    expect(limiter.take('ana', ['create', 'burst'])).toBeNull();
    clock.advance(40_000);
    // Four burst tokens are gone and the fifth refills slowly: the hour bucket is the one that refuses now.
    expect(limiter.take('ana', ['create', 'burst'])).toBeNull();
    const refusal = limiter.take('ana', ['create', 'burst']);
    expect(refusal?.kind).toBe('burst');
    expect(refusal!.waitMs).toBeGreaterThan(60_000);
  });

  it('neither refills nor drains when the clock steps back', () => {
    const clock = fixedClock('2026-03-12T15:00:00Z');
    const limiter = createRateLimiter(limits, clock);
    limiter.take('ana', ['create']);
    limiter.take('ana', ['create']);
    clock.set('2026-03-01T09:00:00Z');
    expect(limiter.take('ana', ['create'])).toBeNull();
    expect(limiter.take('ana', ['create'])).not.toBeNull();
  });

  it('says windows and waits in words', () => {
    expect([windowText(60_000), windowText(600_000), windowText(3_600_000), windowText(86_400_000)]).toEqual(['a minute', 'every 10 minutes', 'an hour', 'every 24 hours']);
    expect([secondsText(1), secondsText(1000), secondsText(12_001)]).toEqual(['1 second', '1 second', '13 seconds']);
    expect([waitText(30_000), waitText(120_000), waitText(120_001), waitText(720_000)]).toEqual(['30 seconds', '120 seconds', '3 minutes', '12 minutes']);
  });

  it('says in a refusal what was limited, the limit and when to retry', () => {
    expect(refusalText('challenges created', { limit: { limit: 10, windowMs: 3_600_000 }, waitMs: 360_000 })).toBe(
      'Too many challenges created in a short time (at most 10 an hour). Please try again in 6 minutes.',
    );
  });
});
