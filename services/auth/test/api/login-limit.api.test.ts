import { randomBytes } from 'node:crypto';
import { bothDatabases, onDatabase } from '@warriors/test-support';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '../../src/domain/login-limit';
import { startAuth, type TestAuth } from '../support/harness';

const freshEmail = () => `w${randomBytes(6).toString('hex')}@example.com`;
const WRONG = { status: 401, body: { detail: 'Incorrect email or password' } };
const locked = (minutes: number) => ({
  status: 429,
  body: { detail: `Too many failed login attempts for this account. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.` },
});

// The stack runs auth on PostgreSQL, the embedded product on PGlite: the limit must hold on both.
describe.each(bothDatabases('auth'))('the per-account login limit on %s', (_name, open) => {
  let auth: TestAuth;

  beforeAll(async () => {
    auth = await onDatabase(open, startAuth);
  });

  afterAll(async () => {
    await auth.close();
  });

  const login = (email: string, password: string) => auth.call('POST', '/api/login', { body: { email, password } });

  async function failTimes(email: string, times: number): Promise<void> {
    for (let i = 0; i < times; i++) expect(await login(email, `guess number ${i}`)).toEqual(WRONG);
  }

  it(`refuses even the right password after ${LOGIN_FAILURE_LIMIT} failures, until the window has passed`, async () => {
    const { email, password } = await auth.signup();
    await failTimes(email, LOGIN_FAILURE_LIMIT);
    expect(await login(email, password)).toEqual(locked(15));
    auth.clock.advance(LOGIN_FAILURE_WINDOW_MS - 60_001);
    expect(await login(email, password)).toEqual(locked(2));
    auth.clock.advance(60_000);
    expect(await login(email, password)).toEqual(locked(1));
    auth.clock.advance(1);
    expect((await login(email, password)).status).toBe(200);
  });

  it('says in Retry-After when the account may try again', async () => {
    const { email, password } = await auth.signup();
    await failTimes(email, LOGIN_FAILURE_LIMIT);
    auth.clock.advance(LOGIN_FAILURE_WINDOW_MS - 90_000);
    const response = await fetch(`${auth.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('90');
  });

  it('counts each account on its own', async () => {
    const target = await auth.signup();
    const bystander = await auth.signup();
    await failTimes(target.email, LOGIN_FAILURE_LIMIT);
    expect((await login(target.email, target.password)).status).toBe(429);
    expect((await login(bystander.email, bystander.password)).status).toBe(200);
  });

  it('does not give a guesser a fresh allowance when the owner signs in between the guesses', async () => {
    const { email, password } = await auth.signup();
    await failTimes(email, LOGIN_FAILURE_LIMIT - 1);
    expect((await login(email, password)).status).toBe(200);
    await failTimes(email, 1);
    expect((await login(email, password)).status).toBe(429);
  });

  it('answers an email with no account the same way, so the limit does not tell which emails have one', async () => {
    const nobody = freshEmail();
    await failTimes(nobody, LOGIN_FAILURE_LIMIT);
    expect(await login(nobody, 'anything at all')).toEqual(locked(15));
  });

  it(`lets at most ${LOGIN_FAILURE_LIMIT} of 40 parallel guesses reach the password check`, async () => {
    const { email } = await auth.signup();
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => login(email, `parallel guess ${i}`)));
    const checked = replies.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(40 - checked);
  });
});
