import { apiClient } from './api-client';

/**
 * The auth story every run mode must tell the same way, through the gateway: sign up, read
 * yourself, change your profile and privacy, sign in again, refuse bad input, delete the account.
 */
export function describeAuthThroughGateway(baseUrl: () => string): void {
  it('signs up, reads /me, updates the profile and flags, signs in again', async () => {
    const api = apiClient(baseUrl());
    const email = `flow.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
    const signup = await api.signup({ email, name: 'Ana Lopez' });
    expect(signup.status).toBe(201);
    expect(signup.body).toMatchObject({ token_type: 'bearer', user: { name: 'Ana Lopez', email, state: 'TX', focus_area: 'tenant_rep', timezone: 'America/Chicago' } });
    const token: string = signup.body.access_token;

    const me = await api.call('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.username).toMatch(/^ana_?lopez\d*$/);

    const profile = await api.call('PUT', '/api/settings/profile', { token, body: { bio: 'Office leasing in Austin', specialty: 'Office Leasing', x_url: 'https://x.com/ana' } });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ bio: 'Office leasing in Austin', specialty: 'office_leasing', x_url: 'https://x.com/ana' });

    const privacy = await api.call('PUT', '/api/settings/privacy?profile_public=false', { token });
    expect(privacy.body.profile_public).toBe(false);
    const board = await api.call('PUT', '/api/settings/leaderboard-visibility?show_on_leaderboard=false', { token });
    expect(board.body.show_on_leaderboard).toBe(false);

    const login = await api.call('POST', '/api/login', { body: { email, password: 'correct horse battery' } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ profile_public: false, show_on_leaderboard: false, specialty: 'office_leasing' });
  });

  it('answers bad input with 422 items and wrong credentials with 401, never 500', async () => {
    const api = apiClient(baseUrl());
    const bad = await api.signup({ email: 'not-an-email', state: 'Texas', focus_area: undefined });
    expect(bad.status).toBe(422);
    const locs = (bad.body.detail as Array<{ loc: string[] }>).map((item) => item.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.email', 'body.state', 'body.focus_area']));

    const wrong = await api.call('POST', '/api/login', { body: { email: 'nobody@example.com', password: 'whatever-it-is' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Incorrect email or password' });

    const anonymous = await api.call('GET', '/api/me');
    expect(anonymous.status).toBe(401);
  });

  it('deletes an account, after which its token and password stop working', async () => {
    const api = apiClient(baseUrl());
    const signup = await api.signup();
    const token = signup.body.access_token;
    const gone = await api.call('DELETE', '/api/user/delete-account', { token });
    expect(gone.status).toBe(200);
    expect((await api.call('GET', '/api/me', { token })).status).toBe(401);
    const login = await api.call('POST', '/api/login', { body: { email: signup.body.user.email, password: 'correct horse battery' } });
    expect(login.status).toBe(401);
  });
}
