import { createPgliteDatabase, type Database } from '@warriors/kit';
import { eventually } from '@warriors/test-support';
import { dataUrl, PNG_BYTES, startAuth, type TestAuth } from '../support/harness';

// The embedded mode runs the same service over PGlite: migrations, unique constraints and the outbox must work there too.
let database: Database;
let auth: TestAuth;

beforeAll(async () => {
  database = await createPgliteDatabase(undefined);
  auth = await startAuth(database);
});

afterAll(async () => {
  await auth.close();
  await database.close();
});

it('signs up, logs in and answers /me over PGlite', async () => {
  const signup = await auth.call('POST', '/api/signup', {
    body: { name: 'Émile Zola', email: 'Emile@Example.com', password: 'embedded pw 123', focus_area: 'landlord_rep' },
  });
  expect(signup.status).toBe(201);
  expect(signup.body.user).toMatchObject({ username: 'emile_zola', email: 'emile@example.com', created_at: '2025-03-01T12:00:00.000Z' });

  const login = await auth.call('POST', '/api/login', { body: { email: 'emile@example.com', password: 'embedded pw 123' } });
  expect(login.status).toBe(200);
  const me = await auth.call('GET', '/api/me', { token: login.body.access_token });
  expect(me).toEqual({ status: 200, body: signup.body.user });

  await eventually('user.registered', () => auth.bus.events.find((e) => e.type === 'user.registered'));
});

it('enforces email and username uniqueness over PGlite', async () => {
  const body = { name: 'Twin Name', email: 'twin@example.com', password: 'embedded pw 123', focus_area: 'investor' };
  expect((await auth.call('POST', '/api/signup', { body })).status).toBe(201);
  expect(await auth.call('POST', '/api/signup', { body })).toEqual({ status: 400, body: { detail: 'Email already registered' } });
  const second = await auth.call('POST', '/api/signup', { body: { ...body, email: 'twin2@example.com' } });
  expect(second.body.user.username).toBe('twin_name2');
});

it('stores an uploaded picture as bytea and serves it back over PGlite', async () => {
  const { token, user } = await auth.signup();
  const picture = new Uint8Array(64 * 1024).fill(9);
  picture.set(PNG_BYTES);
  const reply = await auth.call('PUT', '/api/settings/profile-picture', { token, body: { profile_picture: dataUrl('image/png', picture) } });
  expect(reply.body.profile_picture).toBe(`/api/users/${user.id}/picture?v=1`);
  const served = await fetch(`${auth.url}${reply.body.profile_picture}`);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(picture))).toBe(true);
});
