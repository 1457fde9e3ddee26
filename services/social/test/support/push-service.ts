import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the push service received it. */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Plays a browser vendor's push service on a loopback port: records every request and answers with
 * the status set for its path (201 unless told). Each device is a path with its own keys.
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const locations = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(path) ?? 201;
      const location = locations.get(path);
      if (location) res.setHeader('location', location);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answer(path: string, status: number) {
      statuses.set(path, status);
    },
    /** Answers the path with a redirect to `location` (a sender must not follow it). */
    redirect(path: string, status: number, location: string) {
      statuses.set(path, status);
      locations.set(path, location);
    },
    to: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/** A browser's push subscription: the keys the browser keeps (private ECDH key, auth secret) and what it gives the server. */
export function newDevice(service: PushService) {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const path = `/push/${randomBytes(8).toString('hex')}`;
  return {
    path,
    ecdh,
    authSecret,
    subscription: { endpoint: `${service.origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } },
  };
}

export type Device = ReturnType<typeof newDevice>;

/**
 * Decrypts an aes128gcm body (RFC 8188) with the browser's keys as RFC 8291 derives them: the
 * header carries the salt, record size and the sender's public key; the last record ends with a
 * 0x02 delimiter and padding.
 */
export function decryptPush(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const ecdhSecret = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  const delimiter = padded.lastIndexOf(2);
  if (delimiter < 0 || padded.subarray(delimiter + 1).some((byte) => byte !== 0)) throw new Error('no last-record delimiter');
  return padded.subarray(0, delimiter).toString('utf8');
}

/**
 * Checks the request's VAPID Authorization (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT
 * signed ES256 by that key, for this push service's origin. Answers the JWT's claims.
 */
export function verifyVapid(push: ReceivedPush, publicKey: string, origin: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(push.headers.authorization));
  if (!match) throw new Error(`not a VAPID authorization: ${push.headers.authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('signed by another key');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') };
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  if (parsed.aud !== origin) throw new Error(`VAPID audience ${parsed.aud} is not ${origin}`);
  return parsed;
}
