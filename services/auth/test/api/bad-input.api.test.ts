import { randomBytes } from 'node:crypto';
import { BUS_QUESTIONS } from '@warriors/contracts';
import { NUL_MESSAGE } from '@warriors/kit';
import { bothDatabases, onDatabase } from '@warriors/test-support';
import { startAuth, type TestAuth } from '../support/harness';

/** Issue 9: inputs that answered 5xx. Both stores: PostgreSQL (stack) and PGlite (embedded). */
describe.each(bothDatabases('auth'))('auth on %s, given bad input or a crowd', (_store, makeDatabase) => {
  let auth: TestAuth;

  beforeAll(async () => {
    auth = await onDatabase(makeDatabase, startAuth);
  });
  afterAll(async () => {
    await auth.close();
  });

  const signupAs = (name: string) =>
    auth.call('POST', '/api/signup', { body: { name, email: `w${randomBytes(6).toString('hex')}@example.com`, password: 'correct horse battery', focus_area: 'investor' } });

  it.each([20, 50])('signs up %i people with one display name at once, each with a handle of their own', async (crowd) => {
    // Letters only, so the handles' numbers are the suffixes alone.
    const name = `Crowd ${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
    const replies = await Promise.all(Array.from({ length: crowd }, () => signupAs(name)));
    expect(replies.filter((r) => r.status !== 201)).toEqual([]);
    const base = name.toLowerCase().replace(' ', '_');
    const handles = replies.map((r) => r.body.user.username as string).sort();
    expect(handles).toEqual([base, ...Array.from({ length: crowd - 1 }, (_, i) => `${base}${i + 2}`)].sort());
  });

  it('refuses a NUL in the login email with 422, not 500', async () => {
    const reply = await auth.call('POST', '/api/login', { body: { email: 'a\u0000@example.com', password: 'whatever1' } });
    expect(reply).toEqual({ status: 422, body: { detail: [{ loc: ['body', 'email'], msg: NUL_MESSAGE }] } });
  });

  it('refuses a lone surrogate in a profile text with 422', async () => {
    const { token } = await auth.signup();
    const reply = await auth.call('PUT', '/api/settings/profile', { token, raw: '{"bio": "half a pair \\ud83d"}' });
    expect(reply.status).toBe(422);
    expect(reply.body.detail[0].loc).toEqual(['body', 'bio']);
  });

  it('answers a question about a user id that is no UUID with "no such user"', async () => {
    await expect(auth.bus.request(BUS_QUESTIONS.userProjection.subject, { user_id: '2147483648' }, 2000)).resolves.toBeNull();
  });
});
