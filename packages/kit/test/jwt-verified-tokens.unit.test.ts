import jwt from 'jsonwebtoken';
import { createTokenSigner, VERIFIED_TOKEN_TTL_MS } from '../src';

const SECRET = 'the-secret-tokens-are-signed-with-now-01';
const OLD = 'the-secret-being-rotated-out-0123456789';
const START_MS = Date.UTC(2026, 10, 26, 9, 0, 0);

/** A signer on a clock the test moves. */
function signerAt(secret: string, previous?: string) {
  const clock = { ms: START_MS };
  return { clock, signer: createTokenSigner(secret, 3600, previous, () => clock.ms) };
}

const tokenOf = (secret: string, expSeconds: number) => jwt.sign({ exp: expSeconds }, secret, { algorithm: 'HS256', subject: 'u-1' });

describe('a token checked once', () => {
  it('is taken again without its signature check until it expires, then refused as expired', () => {
    const { clock, signer } = signerAt(SECRET);
    const token = tokenOf(SECRET, START_MS / 1000 + 30);
    expect(signer.verify(token)).toEqual({ id: 'u-1', credentialVersion: 0, expiresAt: new Date(START_MS + 30_000) });
    clock.ms += 29_000;
    expect(signer.verify(token).id).toBe('u-1');
    clock.ms += 1_000;
    expect(() => signer.verify(token)).toThrow('jwt expired');
  });

  it('never makes a refused token pass, however close to an accepted one', () => {
    const { signer } = signerAt(SECRET);
    const token = tokenOf(SECRET, START_MS / 1000 + 600);
    signer.verify(token);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => signer.verify(tampered)).toThrow('invalid signature');
    expect(() => signer.verify(tokenOf('some-other-secret-nobody-configured-0123', START_MS / 1000 + 600))).toThrow('invalid signature');
  });

  it('has its signature checked again after VERIFIED_TOKEN_TTL_MS, so a secret rotated out stops passing within it', () => {
    const { clock, signer } = signerAt(SECRET, OLD);
    const token = tokenOf(OLD, START_MS / 1000 + 3600);
    const checks = jest.spyOn(jwt, 'verify');
    try {
      expect(signer.verify(token).id).toBe('u-1');
      const firstChecks = checks.mock.calls.length;
      expect(firstChecks).toBeGreaterThan(0);
      clock.ms += VERIFIED_TOKEN_TTL_MS - 1;
      signer.verify(token);
      expect(checks.mock.calls.length).toBe(firstChecks);
      clock.ms += 1;
      signer.verify(token);
      expect(checks.mock.calls.length).toBe(2 * firstChecks);
    } finally {
      checks.mockRestore();
    }
  });
});
