import { randomBytes } from 'node:crypto';
import { forgeToken, SECRET, startAuth, type TestAuth } from '../support/harness';

let auth: TestAuth;
beforeAll(async () => {
  auth = await startAuth();
});

afterAll(async () => {
  await auth.close();
});

const freshEmail = () => `w${randomBytes(6).toString('hex')}@example.com`;
const validSignup = () => ({
  name: 'Ana Lopez',
  email: freshEmail(),
  password: 'correct horse battery',
  phone: '555-0100',
  company: 'Lopez CRE',
  city: 'Austin',
  state: 'tx',
  focus_area: 'tenant_rep',
  timezone: 'America/Chicago',
});

describe('POST /api/signup', () => {
  it('creates the account and answers a bearer token with the user', async () => {
    const body = { ...validSignup(), email: `  Ana.${randomBytes(4).toString('hex')}@Example.COM ` };
    const reply = await auth.call('POST', '/api/signup', { body });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
    expect(reply.body.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ana Lopez',
      username: expect.stringMatching(/^ana_lopez\d*$/),
      email: body.email.trim().toLowerCase(),
      email_verified: false,
      pending_email: null,
      phone: '555-0100',
      company: 'Lopez CRE',
      city: 'Austin',
      state: 'TX',
      focus_area: 'tenant_rep',
      timezone: 'America/Chicago',
      bio: null,
      specialty: null,
      x_url: null,
      profile_picture: null,
      profile_public: true,
      show_on_leaderboard: true,
      show_in_battle_pulse: true,
      streak_days: 0,
      streak_mode: 'daily',
      streak_freezes: 0,
      streak_protected: false,
      badges: [],
      created_at: '2025-03-01T12:00:00.000Z',
    });
    const me = await auth.call('GET', '/api/me', { token: reply.body.access_token });
    expect(me.body).toEqual(reply.body.user);
  });

  it('defaults the timezone to UTC and optional fields to null', async () => {
    const { phone, company, city, state, timezone, ...required } = validSignup();
    const reply = await auth.call('POST', '/api/signup', { body: required });
    expect(reply.status).toBe(201);
    expect(reply.body.user).toMatchObject({ timezone: 'UTC', phone: null, company: null, city: null, state: null });
  });

  it('gives two people with the same name different usernames', async () => {
    const first = await auth.call('POST', '/api/signup', { body: { ...validSignup(), name: 'Zoë Quill' } });
    const second = await auth.call('POST', '/api/signup', { body: { ...validSignup(), name: 'Zoe Quill' } });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.user.username).toBe('zoe_quill');
    expect(second.body.user.username).toBe('zoe_quill2');
  });

  it('keeps usernames unique when the same name signs up concurrently', async () => {
    const replies = await Promise.all(Array.from({ length: 5 }, () => auth.call('POST', '/api/signup', { body: { ...validSignup(), name: 'Rae Storm' } })));
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const usernames = replies.map((r) => r.body.user.username).sort();
    expect(usernames).toEqual(['rae_storm', 'rae_storm2', 'rae_storm3', 'rae_storm4', 'rae_storm5']);
  });

  it('falls back to warrior for a name without ASCII letters', async () => {
    const reply = await auth.call('POST', '/api/signup', { body: { ...validSignup(), name: '王小明' } });
    expect(reply.body.user.username).toMatch(/^warrior\d*$/);
  });

  it('refuses an email already registered, whatever its case', async () => {
    const body = validSignup();
    expect((await auth.call('POST', '/api/signup', { body })).status).toBe(201);
    const again = await auth.call('POST', '/api/signup', { body: { ...body, email: body.email.toUpperCase() } });
    expect(again).toEqual({ status: 400, body: { detail: 'Email already registered' } });
  });

  it('lets only one of two concurrent signups with the same email through', async () => {
    const body = validSignup();
    const replies = await Promise.all([auth.call('POST', '/api/signup', { body }), auth.call('POST', '/api/signup', { body })]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 400]);
  });

  it.each([
    ['name', 'missing', { name: undefined }, 'Name is required'],
    ['name', 'blank', { name: '   ' }, 'Name is required'],
    ['name', 'huge', { name: 'x'.repeat(5000) }, 'Must be at most 100 characters'],
    ['email', 'missing', { email: undefined }, 'Email is required'],
    ['email', 'not an email', { email: 'not-an-email' }, 'Enter a valid email address'],
    ['password', 'missing', { password: undefined }, 'Password is required'],
    ['password', 'short', { password: 'short' }, 'Password must be at least 8 characters'],
    ['focus_area', 'missing', { focus_area: undefined }, 'Focus area must be one of: tenant_rep, investment_sales, landlord_rep, investor'],
    ['focus_area', 'unknown', { focus_area: 'broker' }, 'Focus area must be one of: tenant_rep, investment_sales, landlord_rep, investor'],
    ['state', 'longer than 2', { state: 'TEX' }, 'State must be at most 2 characters'],
    ['timezone', 'unknown', { timezone: 'Mars/Olympus_Mons' }, 'Unknown timezone'],
  ])('answers 422 at body.%s when it is %s', async (field, _label, change, msg) => {
    const reply = await auth.call('POST', '/api/signup', { body: { ...validSignup(), ...change } });
    expect(reply.status).toBe(422);
    expect(reply.body.detail).toContainEqual({ loc: ['body', field], msg });
  });

  it.each([
    ['wrong types', JSON.stringify({ name: 42, email: ['a'], password: {}, focus_area: null })],
    ['an array body', '[1,2,3]'],
    ['a bare string', '"hello"'],
  ])('answers 422 rather than failing for %s', async (_label, raw) => {
    const reply = await auth.call('POST', '/api/signup', { raw });
    expect(reply.status).toBe(422);
    expect(Array.isArray(reply.body.detail)).toBe(true);
  });

  it('answers 422 for malformed JSON', async () => {
    const reply = await auth.call('POST', '/api/signup', { raw: '{"name": "Ana",' });
    expect(reply).toEqual({ status: 422, body: { detail: [{ loc: ['body'], msg: 'Body is not valid JSON' }] } });
  });

  it('answers 413 for a body over the normal limit', async () => {
    const reply = await auth.call('POST', '/api/signup', { body: { ...validSignup(), bio: 'x'.repeat(200_000) } });
    expect(reply).toEqual({ status: 413, body: { detail: 'Request body is too large' } });
  });
});

describe('POST /api/login', () => {
  it('answers a token for the right password, the email in any case', async () => {
    const { email, password, user } = await auth.signup();
    const reply = await auth.call('POST', '/api/login', { body: { email: ` ${email.toUpperCase()} `, password } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', user });
    expect((await auth.call('GET', '/api/me', { token: reply.body.access_token })).body.id).toBe(user.id);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { email } = await auth.signup();
    const wrongPassword = await auth.call('POST', '/api/login', { body: { email, password: 'not the password' } });
    const unknownEmail = await auth.call('POST', '/api/login', { body: { email: freshEmail(), password: 'whatever123' } });
    expect(wrongPassword).toEqual({ status: 401, body: { detail: 'Incorrect email or password' } });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it('answers 422 when a field is missing', async () => {
    const reply = await auth.call('POST', '/api/login', { body: { email: freshEmail() } });
    expect(reply).toEqual({ status: 422, body: { detail: [{ loc: ['body', 'password'], msg: 'Password is required' }] } });
  });
});

describe('GET /api/me', () => {
  it('answers 401 without a token', async () => {
    expect(await auth.call('GET', '/api/me')).toEqual({ status: 401, body: { detail: 'Not authenticated' } });
  });

  it('answers 401 for a garbage token', async () => {
    expect(await auth.call('GET', '/api/me', { token: 'garbage.token.here' })).toEqual({
      status: 401,
      body: { detail: 'Could not validate credentials' },
    });
  });

  it('refuses a token with alg none, one signed with another secret, and an expired one', async () => {
    const { user } = await auth.signup();
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const forged = [
      forgeToken({ alg: 'none', typ: 'JWT' }, { sub: user.id, exp }),
      forgeToken({ alg: 'HS256', typ: 'JWT' }, { sub: user.id, exp }, 'another-secret-another-secret-another-secret'),
      forgeToken({ alg: 'HS256', typ: 'JWT' }, { sub: user.id, exp: Math.floor(Date.now() / 1000) - 60 }, SECRET),
      forgeToken({ alg: 'HS256', typ: 'JWT' }, { sub: 'not-a-uuid', exp }, SECRET),
    ];
    for (const token of forged) {
      expect(await auth.call('GET', '/api/me', { token })).toEqual({ status: 401, body: { detail: 'Could not validate credentials' } });
    }
    // The same claims signed properly pass: the refusals above are about the signature and expiry.
    const genuine = forgeToken({ alg: 'HS256', typ: 'JWT' }, { sub: user.id, exp }, SECRET);
    expect((await auth.call('GET', '/api/me', { token: genuine })).status).toBe(200);
  });
});
