import jwt from 'jsonwebtoken';
import { ConfigError, createTokenSigner, loadConfig, ServiceProcessEnv } from '../src';

const OLD = 'the-secret-being-rotated-out-0123456789';
const NEW = 'the-secret-tokens-are-signed-with-now-01';
const user = { id: 'u-1' };

describe('a token signer with the previous secret', () => {
  const beforeRotation = createTokenSigner(OLD, 3600);
  const duringRotation = createTokenSigner(NEW, 3600, OLD);
  const afterRotation = createTokenSigner(NEW, 3600);

  it("accepts the previous secret's tokens and signs new ones with the current secret only", () => {
    const old = beforeRotation.sign(user);
    expect(duringRotation.verify(old)).toMatchObject(user);
    const fresh = duringRotation.sign(user);
    expect(() => jwt.verify(fresh, OLD)).toThrow('invalid signature');
    expect(jwt.verify(fresh, NEW)).toMatchObject({ sub: 'u-1' });
    expect(afterRotation.verify(fresh)).toMatchObject(user);
    expect(() => afterRotation.verify(old)).toThrow('invalid signature');
  });

  it('tells when a token expires, from its own exp, whichever secret signed it', () => {
    const exp = Math.floor(Date.now() / 1000) + 90;
    const token = jwt.sign({ exp }, OLD, { algorithm: 'HS256', subject: 'u-1' });
    expect(duringRotation.verify(token)).toEqual({ id: 'u-1', credentialVersion: 0, expiresAt: new Date(exp * 1000) });
  });

  it('still refuses an expired token of the previous secret, and a token of any other secret', () => {
    const expired = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 10 }, OLD, { algorithm: 'HS256', subject: 'u-1' });
    expect(() => duringRotation.verify(expired)).toThrow('jwt expired');
    const foreign = createTokenSigner('some-other-secret-nobody-configured-0123', 3600).sign(user);
    expect(() => duringRotation.verify(foreign)).toThrow('invalid signature');
  });
});

describe('JWT_SECRET_PREVIOUS in a service process', () => {
  const env = { JWT_SECRET: NEW };

  it('is optional, and empty reads as unset', () => {
    expect(loadConfig(ServiceProcessEnv, env).JWT_SECRET_PREVIOUS).toBeUndefined();
    expect(loadConfig(ServiceProcessEnv, { ...env, JWT_SECRET_PREVIOUS: '' }).JWT_SECRET_PREVIOUS).toBeUndefined();
    expect(loadConfig(ServiceProcessEnv, { ...env, JWT_SECRET_PREVIOUS: OLD }).JWT_SECRET_PREVIOUS).toBe(OLD);
  });

  it('is held to the same minimum length as JWT_SECRET', () => {
    expect(() => loadConfig(ServiceProcessEnv, { ...env, JWT_SECRET_PREVIOUS: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig(ServiceProcessEnv, { ...env, JWT_SECRET_PREVIOUS: 'short' })).toThrow('JWT_SECRET_PREVIOUS must be at least 32 characters');
  });

  it('METRICS_TOKEN is optional and at least 32 characters when given', () => {
    expect(loadConfig(ServiceProcessEnv, env).METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig(ServiceProcessEnv, { ...env, METRICS_TOKEN: 'guessable' })).toThrow('METRICS_TOKEN must be at least 32 characters');
  });
});

describe("a token's credential version", () => {
  const signer = createTokenSigner(NEW, 3600);

  it('is signed as cv and read back; a token without one is at version 0', () => {
    const versioned = signer.sign({ id: 'u-1', credentialVersion: 3 });
    expect(jwt.verify(versioned, NEW)).toMatchObject({ sub: 'u-1', cv: 3 });
    expect(signer.verify(versioned)).toMatchObject({ id: 'u-1', credentialVersion: 3 });
    expect(signer.verify(signer.sign({ id: 'u-1' }))).toMatchObject({ id: 'u-1', credentialVersion: 0 });
  });

  it('refuses a token whose cv is not a whole number of 0 or more', () => {
    for (const cv of [-1, 1.5, '2']) {
      const odd = jwt.sign({ cv }, NEW, { algorithm: 'HS256', subject: 'u-1', expiresIn: 60 });
      expect(() => signer.verify(odd)).toThrow('malformed credential version');
    }
  });
});
