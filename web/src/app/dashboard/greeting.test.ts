import { greeting } from './greeting';

const ana = { name: 'Ana Silva', created_at: '2026-11-24T15:00:00Z', timezone: 'America/Chicago' };

describe('greeting', () => {
  it('welcomes a broker on the local day the account was made', () => {
    // 2026-11-24 23:30 in Chicago: still the day of sign-up there, though the next day in UTC.
    expect(greeting(ana, new Date('2026-11-25T05:30:00Z'))).toBe('Welcome, Ana');
  });

  it('welcomes them back from the next local day on', () => {
    expect(greeting(ana, new Date('2026-11-25T06:00:00Z'))).toBe('Welcome back, Ana');
  });

  it('names a user without a name, or no user yet, a warrior', () => {
    expect(greeting({ ...ana, name: '  ' }, new Date('2026-12-01T12:00:00Z'))).toBe('Welcome back, warrior');
    expect(greeting(null, new Date('2026-12-01T12:00:00Z'))).toBe('Welcome back, warrior');
  });
});
