import type { EventOf } from '@warriors/contracts';
import { PROFILE_PICTURE_MAX_BYTES } from '@warriors/contracts';
import { eventually } from '@warriors/test-support';
import { dataUrl, JPEG_BYTES, PNG_BYTES, startAuth, type TestAuth } from '../support/harness';

let auth: TestAuth;
beforeAll(async () => {
  auth = await startAuth();
});

afterAll(async () => {
  await auth.close();
});

const updatesOf = (userId: string) => auth.bus.events.filter((e): e is EventOf<'user.updated'> => e.type === 'user.updated' && e.data.user_id === userId);

describe('PUT /api/settings/profile', () => {
  it('changes only the fields sent, normalising the specialty', async () => {
    const { token, user } = await auth.signup({ company: 'Keep Co', city: 'Denver', state: 'CO' });
    const first = await auth.call('PUT', '/api/settings/profile', {
      token,
      body: { bio: 'Ten years in office leasing', specialty: 'Office Leasing', x_url: 'https://x.com/warrior' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      ...user,
      bio: 'Ten years in office leasing',
      specialty: 'office_leasing',
      x_url: 'https://x.com/warrior',
    });

    const second = await auth.call('PUT', '/api/settings/profile', { token, body: { name: 'Renamed Warrior', state: 'ny' } });
    expect(second.body).toEqual({ ...first.body, name: 'Renamed Warrior', state: 'NY' });
    expect((await auth.call('GET', '/api/me', { token })).body).toEqual(second.body);
  });

  it('clears a field sent as null or blank', async () => {
    const { token } = await auth.signup({ company: 'Old Co' });
    const reply = await auth.call('PUT', '/api/settings/profile', { token, body: { company: null, bio: '  ' } });
    expect(reply.body).toMatchObject({ company: null, bio: null });
  });

  it.each([
    ['x_url', 'not a URL', { x_url: 'not a url' }, 'Enter a valid URL (https://...)'],
    ['x_url', 'a javascript: URL', { x_url: 'javascript:alert(1)' }, 'Enter a valid URL (https://...)'],
    ['name', 'blank', { name: '' }, 'Name is required'],
    ['state', 'longer than 2', { state: 'Texas' }, 'State must be at most 2 characters'],
    ['bio', 'a number', { bio: 12 }, 'Invalid input: expected string, received number'],
  ])('answers 422 at body.%s when it is %s', async (field, _label, body, msg) => {
    const { token } = await auth.signup();
    const reply = await auth.call('PUT', '/api/settings/profile', { token, body });
    expect(reply.status).toBe(422);
    expect(reply.body.detail).toContainEqual({ loc: ['body', field], msg });
  });

  it('publishes user.updated with the new projection', async () => {
    const { token, user } = await auth.signup();
    await auth.call('PUT', '/api/settings/profile', { token, body: { name: 'Event Warrior', city: 'Reno' } });
    const event = await eventually('user.updated', () => updatesOf(user.id)[0]);
    expect(event).toMatchObject({ v: 1, occurredAt: '2025-03-01T12:00:00.000Z', requestId: expect.any(String) });
    expect(event.data).toMatchObject({ user_id: user.id, name: 'Event Warrior', city: 'Reno' });
  });

  it('sets the streak mode, which /api/me shows and user.updated carries to gamification', async () => {
    const { token, user } = await auth.signup();
    expect(user.streak_mode).toBe('daily');
    const reply = await auth.call('PUT', '/api/settings/profile', { token, body: { streak_mode: 'weekdays' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...user, streak_mode: 'weekdays' });
    expect((await auth.call('GET', '/api/me', { token })).body).toMatchObject({ streak_mode: 'weekdays' });
    const event = await eventually('user.updated', () => updatesOf(user.id)[0]);
    expect(event.data).toMatchObject({ user_id: user.id, streak_mode: 'weekdays' });
  });

  it.each([['monthly'], [''], [null]])('answers 422 at body.streak_mode for %p', async (mode) => {
    const { token } = await auth.signup();
    const reply = await auth.call('PUT', '/api/settings/profile', { token, body: { streak_mode: mode } });
    expect(reply.status).toBe(422);
    expect(reply.body.detail).toContainEqual({ loc: ['body', 'streak_mode'], msg: "Must be 'daily' or 'weekdays'" });
  });

  it('answers 401 without a token', async () => {
    expect((await auth.call('PUT', '/api/settings/profile', { body: { bio: 'x' } })).status).toBe(401);
  });
});

describe.each([
  ['/api/settings/privacy', 'profile_public'],
  ['/api/settings/leaderboard-visibility', 'show_on_leaderboard'],
  ['/api/settings/battle-pulse-visibility', 'show_in_battle_pulse'],
])('PUT %s', (path, flag) => {
  it(`sets ${flag} to false and back to true`, async () => {
    const { token, user } = await auth.signup();
    const off = await auth.call('PUT', `${path}?${flag}=false`, { token });
    expect(off).toEqual({ status: 200, body: { ...user, [flag]: false } });
    const event = await eventually('user.updated', () => updatesOf(user.id)[0]);
    expect(event.data).toMatchObject({ [flag]: false });
    const on = await auth.call('PUT', `${path}?${flag}=true`, { token });
    expect(on.body[flag]).toBe(true);
  });

  it.each([
    ['missing', ''],
    ['not a flag', '=maybe'],
    ['repeated', `=true&${flag}=false`],
  ])('answers 422 when the flag is %s', async (_label, value) => {
    const { token } = await auth.signup();
    const query = value ? `?${flag}${value}` : '';
    const reply = await auth.call('PUT', `${path}${query}`, { token });
    expect(reply.status).toBe(422);
    expect(reply.body.detail[0].loc).toEqual(['query', flag]);
  });
});

describe('PUT /api/settings/profile-picture', () => {
  const upload = (token: string, profile_picture: string) => auth.call('PUT', '/api/settings/profile-picture', { token, body: { profile_picture } });
  const refusal = (msg: string) => ({ status: 422, body: { detail: [{ loc: ['body', 'profile_picture'], msg }] } });

  it('stores a PNG and answers, and publishes, its URL instead of the bytes', async () => {
    const { token, user } = await auth.signup();
    const reply = await upload(token, dataUrl('image/png', PNG_BYTES));
    const url = `/api/users/${user.id}/picture?v=1`;
    expect(reply).toEqual({ status: 200, body: { ...user, profile_picture: url } });
    const event = await eventually('user.updated', () => updatesOf(user.id)[0]);
    expect(event.data.profile_picture).toBe(url);
  });

  it('stores a JPEG labelled with its real type', async () => {
    const { token } = await auth.signup();
    const reply = await upload(token, dataUrl('image/png', JPEG_BYTES));
    const served = await fetch(`${auth.url}${reply.body.profile_picture}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(JPEG_BYTES));
  });

  it('refuses an SVG', async () => {
    const { token } = await auth.signup();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(await upload(token, dataUrl('image/svg+xml', svg))).toEqual(refusal('Unsupported image type: use PNG, JPEG, WebP or GIF'));
  });

  it('refuses text labelled as an image', async () => {
    const { token } = await auth.signup();
    expect(await upload(token, dataUrl('image/png', Buffer.from('just some text')))).toEqual(refusal('Unsupported image type: use PNG, JPEG, WebP or GIF'));
  });

  it('refuses something that is not a data URL', async () => {
    const { token } = await auth.signup();
    const reply = await upload(token, 'https://example.com/me.png');
    expect(reply.status).toBe(422);
    expect(reply.body.detail[0].loc).toEqual(['body', 'profile_picture']);
  });

  it('refuses a picture of exactly 5 MiB ("less than 5MB") and accepts one byte less', async () => {
    const { token, user } = await auth.signup();
    const picture = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(PNG_BYTES);
      return dataUrl('image/png', bytes);
    };
    expect(await upload(token, picture(PROFILE_PICTURE_MAX_BYTES))).toEqual(refusal('File size must be less than 5MB'));
    const below = await upload(token, picture(PROFILE_PICTURE_MAX_BYTES - 1));
    expect(below).toEqual({ status: 200, body: { ...user, profile_picture: `/api/users/${user.id}/picture?v=1` } });
    const served = await fetch(`${auth.url}${below.body.profile_picture}`);
    expect((await served.arrayBuffer()).byteLength).toBe(PROFILE_PICTURE_MAX_BYTES - 1);
  });

  it('answers 413 for a body over 7 MB, not a 500', async () => {
    const { token } = await auth.signup();
    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set(PNG_BYTES);
    expect(await upload(token, dataUrl('image/png', huge))).toEqual({ status: 413, body: { detail: 'Request body is too large' } });
  });

  it('keeps the larger limit to the picture route', async () => {
    const { token } = await auth.signup();
    const reply = await auth.call('PUT', '/api/settings/profile', { token, body: { bio: 'x'.repeat(1024 * 1024) } });
    expect(reply.status).toBe(413);
  });
});

describe('DELETE /api/user/delete-account', () => {
  it('removes the account: login fails, the token stops working, user.deleted is published', async () => {
    const { token, user, email, password } = await auth.signup();
    expect(await auth.call('DELETE', '/api/user/delete-account', { token })).toEqual({ status: 200, body: { detail: 'Account deleted' } });
    expect(await auth.call('POST', '/api/login', { body: { email, password } })).toEqual({
      status: 401,
      body: { detail: 'Incorrect email or password' },
    });
    expect(await auth.call('GET', '/api/me', { token })).toEqual({ status: 401, body: { detail: 'Could not validate credentials' } });
    expect((await auth.call('PUT', '/api/settings/profile', { token, body: { bio: 'ghost' } })).status).toBe(401);
    expect((await auth.call('DELETE', '/api/user/delete-account', { token })).status).toBe(401);
    const event = await eventually('user.deleted', () => auth.bus.events.find((e) => e.type === 'user.deleted' && e.data.user_id === user.id));
    expect(event.data).toEqual({ user_id: user.id });
  });

  it('frees the email for a new signup', async () => {
    const { token, email } = await auth.signup();
    await auth.call('DELETE', '/api/user/delete-account', { token });
    const again = await auth.signup({ email });
    expect(again.user.email).toBe(email);
  });
});
