import { fixedClock } from '@warriors/kit';
import { DEFAULT_VELOCITY_LIMITS, type LogKind } from '../../src/domain/velocity';
import { createLogVelocity, velocityMessage } from '../../src/use-cases/log-velocity';

/** The default limits on a pinned clock, and how many of `times` takes in a row the user was refused. */
function pinned() {
  const clock = fixedClock('2025-03-12T15:00:00Z');
  const velocity = createLogVelocity(DEFAULT_VELOCITY_LIMITS, clock);
  const refusedOf = (times: number, userId: string, kind: LogKind) => Array.from({ length: times }, () => velocity.take(userId, kind)).filter((r) => r !== null).length;
  return { clock, velocity, refusedOf };
}

describe('velocity limits on logging', () => {
  it.each<[LogKind, number, string, number]>([
    ['logs', 60, 'Too many activities logged in a short time (at most 60 a minute). Please try again in 1 second.', 1],
    ['bulk', 20, 'Too many bulk entries in a short time (at most 20 every 10 minutes). Please try again in 30 seconds.', 30],
  ])('lets %s through %i at once, then refuses with what to wait for until a token is back', (kind, limit, message, retryAfterSeconds) => {
    const { clock, velocity, refusedOf } = pinned();
    expect(refusedOf(limit, 'ana', kind)).toBe(0);
    expect(velocity.take('ana', kind)).toEqual({ message, retryAfterSeconds });
    // Someone else is not held back by Ana.
    expect(velocity.take('bo', kind)).toBeNull();
    clock.advance(retryAfterSeconds * 1000 - 1);
    expect(velocity.take('ana', kind)).not.toBeNull();
    clock.advance(1);
    expect(velocity.take('ana', kind)).toBeNull();
    expect(velocity.take('ana', kind)).not.toBeNull();
  });

  it('counts a bulk entry as a log too, and a refused one takes nothing', () => {
    const { refusedOf } = pinned();
    expect(refusedOf(21, 'ana', 'bulk')).toBe(1);
    expect(refusedOf(41, 'ana', 'logs')).toBe(1);
  });

  it('forgets a user once their buckets are full again, and counts them afresh', () => {
    const { clock, velocity, refusedOf } = pinned();
    refusedOf(20, 'ana', 'bulk');
    clock.advance(10 * 60_000);
    expect(velocity.take('bo', 'logs')).toBeNull(); // sweeps
    expect(refusedOf(20, 'ana', 'bulk')).toBe(0);
    expect(velocity.take('ana', 'bulk')).not.toBeNull();
  });

  it('neither refills nor drains when the clock steps back', () => {
    const { clock, velocity, refusedOf } = pinned();
    refusedOf(59, 'ana', 'logs');
    clock.set('2025-03-01T09:00:00Z');
    expect(velocity.take('ana', 'logs')).toBeNull();
    expect(velocity.take('ana', 'logs')).not.toBeNull();
  });

  it('says minutes and seconds in words', () => {
    expect(velocityMessage('logs', { limit: 5, windowMs: 5 * 60_000 }, 12_001)).toBe(
      'Too many activities logged in a short time (at most 5 every 5 minutes). Please try again in 13 seconds.',
    );
  });
});
