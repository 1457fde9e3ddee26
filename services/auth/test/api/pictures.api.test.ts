import { randomUUID } from 'node:crypto';
import type { EventOf } from '@warriors/contracts';
import { eventually } from '@warriors/test-support';
import { authForThisFile, dataUrl, JPEG_BYTES, PNG_BYTES } from '../support/harness';

const auth = authForThisFile();

const upload = (token: string, bytes: Uint8Array, label = 'image/png') =>
  auth.current.call('PUT', '/api/settings/profile-picture', { token, body: { profile_picture: dataUrl(label, bytes) } });
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${auth.current.url}${path}`, { headers, redirect: 'manual' });
const notFound = { status: 404, body: { detail: 'Profile picture not found' } };
const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

/** A PNG of `size` bytes: the signature, then filler. */
function png(size: number, fill = 7): Uint8Array {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set(PNG_BYTES);
  return bytes;
}

describe('GET /api/users/{id}/picture', () => {
  it('serves the uploaded bytes at the URL /me names, with its type and caching headers', async () => {
    const { token, user } = await auth.current.signup();
    const picture = png(700 * 1024);
    expect((await upload(token, picture)).status).toBe(200);

    const me = await auth.current.call('GET', '/api/me', { token });
    expect(me.body.profile_picture).toBe(`/api/users/${user.id}/picture?v=1`);
    const served = await get(me.body.profile_picture);
    expect(served.status).toBe(200);
    expect(
      Object.fromEntries(['content-type', 'cache-control', 'etag', 'x-content-type-options', 'content-security-policy', 'content-length'].map((h) => [h, served.headers.get(h)])),
    ).toEqual({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: '"1"',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-length': String(picture.length),
    });
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(picture))).toBe(true);
  });

  it('answers 304 without the bytes when the ETag matches', async () => {
    const { token, user } = await auth.current.signup();
    await upload(token, png(2048));
    const url = `/api/users/${user.id}/picture?v=1`;
    const etag = (await get(url)).headers.get('etag')!;
    const revalidated = await get(url, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await revalidated.text()).toBe('');
    expect((await get(url, { 'if-none-match': '"2"' })).status).toBe(200);
  });

  it('gives every upload a new URL and sends an old or missing version to the current one, uncached', async () => {
    const { token, user } = await auth.current.signup();
    await upload(token, png(1024, 1));
    const second = await upload(token, JPEG_BYTES, 'image/png');
    expect(second.body.profile_picture).toBe(`/api/users/${user.id}/picture?v=2`);

    for (const stale of [`/api/users/${user.id}/picture?v=1`, `/api/users/${user.id}/picture`]) {
      const redirect = await get(stale);
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toBe(`/api/users/${user.id}/picture?v=2`);
      expect(redirect.headers.get('cache-control')).toBe('no-cache');
    }
    const current = await get(`/api/users/${user.id}/picture?v=2`);
    expect(current.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await current.arrayBuffer())).toEqual(Buffer.from(JPEG_BYTES));
  });

  it('answers 404 {detail} for an unknown user, a user without a picture, an id that is no UUID and a deleted account', async () => {
    const { token, user } = await auth.current.signup();
    expect(await answer(await get(`/api/users/${randomUUID()}/picture?v=1`))).toEqual(notFound);
    expect(await answer(await get(`/api/users/${user.id}/picture?v=1`))).toEqual(notFound);
    expect(await answer(await get('/api/users/not-a-uuid/picture?v=1'))).toEqual(notFound);
    expect(await answer(await get(`/api/users/${encodeURIComponent("1' or '1'='1")}/picture`))).toEqual(notFound);

    await upload(token, png(1024));
    expect((await get(`/api/users/${user.id}/picture?v=1`)).status).toBe(200);
    expect((await auth.current.call('DELETE', '/api/user/delete-account', { token })).status).toBe(200);
    expect(await answer(await get(`/api/users/${user.id}/picture?v=1`))).toEqual(notFound);
  });

  it('answers 422 for a version that is not a number', async () => {
    const { token, user } = await auth.current.signup();
    await upload(token, png(1024));
    expect(await answer(await get(`/api/users/${user.id}/picture?v=abc`))).toEqual({
      status: 422,
      body: { detail: [{ loc: ['query', 'v'], msg: 'v must be a picture version' }] },
    });
  });

  it("changes only the caller's own picture: another user's upload leaves mine as it was", async () => {
    const mine = await auth.current.signup();
    const theirs = await auth.current.signup();
    await upload(mine.token, png(1024, 1));
    const theirUpload = await upload(theirs.token, png(1024, 2));
    expect(theirUpload.body.profile_picture).toBe(`/api/users/${theirs.user.id}/picture?v=1`);

    expect((await auth.current.call('GET', '/api/me', { token: mine.token })).body.profile_picture).toBe(`/api/users/${mine.user.id}/picture?v=1`);
    const served = Buffer.from(await (await get(`/api/users/${mine.user.id}/picture?v=1`)).arrayBuffer());
    expect(served.equals(Buffer.from(png(1024, 1)))).toBe(true);
    expect((await upload('', png(1024))).status).toBe(401);
  });

  it('puts the URL, never the bytes, in user.updated', async () => {
    const { token, user } = await auth.current.signup();
    await upload(token, png(900 * 1024));
    const event = await eventually('user.updated', () =>
      auth.current.bus.events.find((e): e is EventOf<'user.updated'> => e.type === 'user.updated' && e.data.user_id === user.id),
    );
    expect(event.data.profile_picture).toBe(`/api/users/${user.id}/picture?v=1`);
    expect(JSON.stringify(event).length).toBeLessThan(2048);
  });
});
