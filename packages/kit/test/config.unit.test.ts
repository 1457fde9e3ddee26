import { z } from 'zod';
import { ConfigError, envFlag, fixedClock, loadConfig, port, secret } from '../src';

const Schema = z.object({ PORT: port(8080), JWT_SECRET: secret('JWT_SECRET'), VERBOSE: envFlag(false) });

describe('loadConfig', () => {
  it('applies defaults and coerces', () => {
    expect(loadConfig(Schema, { JWT_SECRET: 'x'.repeat(32), VERBOSE: '1' })).toEqual({ PORT: 8080, JWT_SECRET: 'x'.repeat(32), VERBOSE: true });
  });

  it('refuses to start without a secret and names the variable', () => {
    expect(() => loadConfig(Schema, {})).toThrow(ConfigError);
    expect(() => loadConfig(Schema, {})).toThrow('JWT_SECRET: JWT_SECRET is required');
  });

  it('refuses a short secret and a bad port', () => {
    expect(() => loadConfig(Schema, { JWT_SECRET: 'short', PORT: '99999' })).toThrow(/PORT: .*; JWT_SECRET: JWT_SECRET must be at least 32 characters/);
  });
});

describe('fixedClock', () => {
  it('stays put until moved', () => {
    const clock = fixedClock('2026-03-08T06:59:00Z');
    expect(clock.now().toISOString()).toBe('2026-03-08T06:59:00.000Z');
    clock.advance(60_000);
    expect(clock.now().toISOString()).toBe('2026-03-08T07:00:00.000Z');
    clock.set('2027-01-01T00:00:00Z');
    expect(clock.now().getUTCFullYear()).toBe(2027);
  });
});
