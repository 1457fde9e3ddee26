import { randomBytes } from 'node:crypto';
import { BUS_QUESTIONS, AccountsByEmailReply, ProfileFieldsReply, UserProjection } from '@warriors/contracts';
import { eventually } from '@warriors/test-support';
import { dataUrl, NOW, PNG_BYTES, startAuth, type TestAuth } from '../support/harness';

let auth: TestAuth;
beforeAll(async () => {
  auth = await startAuth();
});

afterAll(async () => {
  await auth.close();
});

describe('GET /api/users/search', () => {
  const search = (token: string, q: string) => auth.call('GET', `/api/users/search?q=${encodeURIComponent(q)}`, { token });
  // A marker unique to each test keeps the rows other tests created out of the results.
  const marker = () => `m${randomBytes(4).toString('hex')}`;

  it('finds users by name, username or company, case-insensitively, without the caller', async () => {
    const tag = marker();
    const caller = await auth.signup({ name: `Caller ${tag}` });
    const byName = await auth.signup({ name: `Maria ${tag}`, company: 'Acme' });
    const byCompany = await auth.signup({ name: 'Someone Else', company: `${tag.toUpperCase()} Realty` });
    const reply = await search(caller.token, `  ${tag.toUpperCase()} `);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { id: byName.user.id, name: `Maria ${tag}`, username: byName.user.username, profile_picture: null, company: 'Acme', profile_public: true },
      { id: byCompany.user.id, name: 'Someone Else', username: byCompany.user.username, profile_picture: null, company: `${tag.toUpperCase()} Realty`, profile_public: true },
    ]);
    expect((await search(caller.token, byName.user.username)).body.map((u: { id: string }) => u.id)).toEqual([byName.user.id]);
  });

  it('shows a private user only as their public profile would: found by username alone, with only the username', async () => {
    const tag = marker();
    const caller = await auth.signup();
    // Usernames come from the first 24 characters of the name: this tag is past them.
    const hidden = await auth.signup({ name: `Priya Venkataraman-Subramanian ${tag}`, company: `${tag} Capital` });
    expect(hidden.user.username).not.toContain(tag);
    const upload = await auth.call('PUT', '/api/settings/profile-picture', { token: hidden.token, body: { profile_picture: dataUrl('image/png', PNG_BYTES) } });
    expect(upload.status).toBe(200);
    // However /me carries the picture, search shows it the same way.
    const picture = (await auth.call('GET', '/api/me', { token: hidden.token })).body.profile_picture;
    expect(picture).toEqual(expect.any(String));
    expect((await auth.call('PUT', '/api/settings/privacy?profile_public=false', { token: hidden.token })).status).toBe(200);

    // Name and company are what the private profile hides: they find nobody.
    expect((await search(caller.token, tag)).body).toEqual([]);
    expect((await search(caller.token, `${tag} Capital`)).body).toEqual([]);
    expect((await search(caller.token, hidden.user.username)).body).toEqual([
      { id: hidden.user.id, name: null, username: hidden.user.username, profile_picture: null, company: null, profile_public: false },
    ]);

    expect((await auth.call('PUT', '/api/settings/privacy?profile_public=true', { token: hidden.token })).status).toBe(200);
    expect((await search(caller.token, tag)).body).toEqual([
      {
        id: hidden.user.id,
        name: `Priya Venkataraman-Subramanian ${tag}`,
        username: hidden.user.username,
        profile_picture: picture,
        company: `${tag} Capital`,
        profile_public: true,
      },
    ]);
  });

  it('treats % and _ in the text literally', async () => {
    const tag = marker();
    const caller = await auth.signup();
    await auth.signup({ name: `Plain ${tag}`, company: `${tag}x` });
    const literal = await auth.signup({ name: `Odd ${tag}`, company: `${tag}%${tag}_` });
    expect((await search(caller.token, `${tag}%`)).body.map((u: { id: string }) => u.id)).toEqual([literal.user.id]);
    expect((await search(caller.token, `${tag}_`)).body.map((u: { id: string }) => u.id)).toEqual([literal.user.id]);
  });

  it('answers at most 20 users', async () => {
    const tag = marker();
    const caller = await auth.signup();
    await Promise.all(Array.from({ length: 22 }, (_, i) => auth.signup({ name: `Many ${tag} ${i}` })));
    expect((await search(caller.token, tag)).body).toHaveLength(20);
  });

  it.each([
    ['one character', 'a'],
    ['blank after trimming', '   a  '],
    ['missing', null],
  ])('answers 422 when q is %s', async (_label, q) => {
    const { token } = await auth.signup();
    const reply = await auth.call('GET', q === null ? '/api/users/search' : `/api/users/search?q=${encodeURIComponent(q)}`, { token });
    expect(reply.status).toBe(422);
    expect(reply.body.detail[0].loc).toEqual(['query', 'q']);
  });

  it('answers 401 without a token', async () => {
    expect((await auth.call('GET', '/api/users/search?q=ab')).status).toBe(401);
  });
});

describe('events', () => {
  it('publishes user.registered with the projection and the email on signup', async () => {
    const { user } = await auth.signup({ name: 'Pub Warrior', company: 'Pub Co', city: 'Miami', state: 'fl', timezone: 'America/New_York' });
    const event = await eventually('user.registered', () => auth.bus.events.find((e) => e.type === 'user.registered' && e.data.user_id === user.id));
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'user.registered',
      v: 1,
      occurredAt: '2025-03-01T12:00:00.000Z',
      requestId: expect.any(String),
      data: {
        user_id: user.id,
        name: 'Pub Warrior',
        username: user.username,
        profile_picture: null,
        company: 'Pub Co',
        city: 'Miami',
        state: 'FL',
        timezone: 'America/New_York',
        day_carry_date: null,
        day_carry_until: null,
        profile_public: true,
        show_on_leaderboard: true,
        show_in_battle_pulse: true,
        streak_mode: 'daily',
        email: user.email,
      },
    });
    // The email is for challenges' email invites only: the projection the other services keep leaves it out.
    const { email: _email, ...projection } = event.data as typeof event.data & { email?: string };
    expect(UserProjection.strict().parse(projection)).toEqual(projection);
  });

  it('publishes user.updated with the day a change of timezone leaves in force, and keeps it when the zone does not change', async () => {
    const { user, token } = await auth.signup({ timezone: 'America/New_York' });
    const updates = () => auth.bus.events.filter((e) => e.type === 'user.updated' && e.data.user_id === user.id);
    // At NOW it is 07:00 on Mar 1 in New York and 21:00 in Tokyo: Mar 1 stays in force until New York's midnight, the later end.
    expect((await auth.call('PUT', '/api/settings/profile', { token, body: { timezone: 'Asia/Tokyo' } })).status).toBe(200);
    const moved = await eventually('the move', () => updates()[0]);
    expect(moved.data).toMatchObject({ timezone: 'Asia/Tokyo', day_carry_date: '2025-03-01', day_carry_until: '2025-03-02T05:00:00.000Z' });
    // The same zone again, with another change: the carry is the one the move made.
    expect((await auth.call('PUT', '/api/settings/profile', { token, body: { timezone: 'Asia/Tokyo', city: 'Osaka' } })).status).toBe(200);
    const same = await eventually('the second update', () => updates()[1]);
    expect(same.data).toMatchObject({ timezone: 'Asia/Tokyo', city: 'Osaka', day_carry_date: '2025-03-01', day_carry_until: '2025-03-02T05:00:00.000Z' });
    // The profile's answer shows the zone, not the carry: the carry is the services' to read.
    expect((await auth.call('GET', '/api/me', { token })).body).toMatchObject({ timezone: 'Asia/Tokyo' });
  });

  it('carries the request id the gateway sent', async () => {
    const email = `r${randomBytes(6).toString('hex')}@example.com`;
    const requestId = `req-${randomBytes(4).toString('hex')}`;
    const response = await fetch(`${auth.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ name: 'Traced', email, password: 'long enough pw', focus_area: 'investor' }),
    });
    expect(response.status).toBe(201);
    const event = await eventually('user.registered', () => auth.bus.events.find((e) => e.requestId === requestId));
    expect(event.type).toBe('user.registered');
  });

  it('publishes nothing when a signup is refused', async () => {
    const { email } = await auth.signup();
    const before = auth.bus.events.length;
    await auth.call('POST', '/api/signup', { body: { name: 'Dup', email, password: 'long enough pw', focus_area: 'investor' } });
    await auth.signup();
    // The second signup's event proves the relay ran after the refused one.
    await eventually('the next event', () => (auth.bus.events.length > before ? true : undefined));
    expect(auth.bus.events.slice(before).map((e) => e.type)).toEqual(['user.registered']);
  });
});

describe('user projection by request/reply', () => {
  it('answers the projection of a known user and null for an unknown one', async () => {
    const { user } = await auth.signup({ name: 'Projected Person', company: 'Reply Co' });
    const reply = await auth.bus.request(BUS_QUESTIONS.userProjection.subject, { user_id: user.id }, 2000);
    expect(UserProjection.parse(reply)).toMatchObject({ user_id: user.id, name: 'Projected Person', company: 'Reply Co', timezone: 'UTC' });
    expect(await auth.bus.request(BUS_QUESTIONS.userProjection.subject, { user_id: '00000000-0000-4000-8000-000000000000' }, 2000)).toBeNull();
  });

  it('answers which emails have an account, whatever their case, and leaves the others out', async () => {
    const { user } = await auth.signup({ name: 'Invited Person' });
    await auth.verify(user.email);
    const unknown = `nobody.${user.id}@example.com`;
    const reply = await auth.bus.request(BUS_QUESTIONS.accountsByEmail.subject, { emails: [user.email.toUpperCase(), unknown] }, 2000);
    expect(AccountsByEmailReply.parse(reply)).toEqual({ [user.email]: user.id });
    expect(await auth.bus.request(BUS_QUESTIONS.accountsByEmail.subject, { emails: [] }, 2000)).toEqual({});
  });
});

describe('streak and badges on /api/me', () => {
  it('shows what gamification answers, and nothing when it does not', async () => {
    const { token, user } = await auth.signup();
    expect((await auth.call('GET', '/api/me', { token })).body).toMatchObject({ streak_days: 0, streak_mode: 'daily', streak_freezes: 0, streak_protected: false, badges: [] });
    const badge = {
      id: 'b1',
      badge_type: 'first_meeting',
      name: 'First Meeting',
      description: 'Log your first meeting',
      cycle: 'lifetime',
      repeat_count: 1,
      repeat: 1,
      earned_at: NOW,
    };
    const answering = await auth.bus.reply(BUS_QUESTIONS.userStats.subject, async (payload) => ({
      streak_days: (payload as { user_id: string }).user_id === user.id ? 4 : 0,
      streak_freezes: 1,
      streak_protected: true,
      badges: [badge],
    }));
    try {
      expect((await auth.call('GET', '/api/me', { token })).body).toMatchObject({ streak_days: 4, streak_freezes: 1, streak_protected: true, badges: [badge] });
    } finally {
      await answering.stop();
    }
  });
});

describe(`request ${BUS_QUESTIONS.profileFields.subject}`, () => {
  const ask = async (userId: unknown) => ProfileFieldsReply.parse(await auth.bus.request(BUS_QUESTIONS.profileFields.subject, { user_id: userId }, 2000));

  it('answers the public profile fields of an account, private or not', async () => {
    const { user, token } = await auth.signup({ name: 'Profiled Person', company: 'Fields Co' });
    const profile = { bio: 'Closing deals since 2009', city: 'Austin', state: 'TX', specialty: 'luxury' };
    expect((await auth.call('PUT', '/api/settings/profile', { token, body: profile })).status).toBe(200);
    expect((await auth.call('PUT', '/api/settings/privacy?profile_public=false', { token })).status).toBe(200);
    expect(await ask(user.id)).toEqual({
      user_id: user.id,
      username: user.username,
      name: 'Profiled Person',
      profile_picture: null,
      created_at: NOW,
      company: 'Fields Co',
      specialty: 'luxury',
      city: 'Austin',
      state: 'TX',
      x_url: null,
      bio: 'Closing deals since 2009',
      timezone: 'UTC',
      profile_public: false,
    });
  });

  it('answers null for an unknown account, a deleted one and a text that is no user id', async () => {
    const { user, token } = await auth.signup();
    expect(await auth.call('DELETE', '/api/user/delete-account', { token })).toMatchObject({ status: 200 });
    expect(await ask(user.id)).toBeNull();
    expect(await ask('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await ask('not-a-uuid')).toBeNull();
  });

  it('refuses a payload that is not the contract’s', async () => {
    await expect(auth.bus.request(BUS_QUESTIONS.profileFields.subject, { id: 'x' }, 2000)).rejects.toThrow();
  });
});
