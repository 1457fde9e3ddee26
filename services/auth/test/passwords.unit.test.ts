import { createPasswords } from '../src/passwords';

describe('passwords', () => {
  const passwords = createPasswords();

  it('hashes with argon2id at the OWASP parameters', async () => {
    const [, algorithm, , params] = (await passwords.hash('correct horse battery')).split('$');
    expect(algorithm).toBe('argon2id');
    expect(Object.fromEntries(params!.split(',').map((p) => p.split('=')))).toEqual({ m: '19456', t: '2', p: '1' });
  });

  it('accepts the right password only', async () => {
    const hash = await passwords.hash('correct horse battery');
    expect(await passwords.verify(hash, 'correct horse battery')).toBe(true);
    expect(await passwords.verify(hash, 'Correct horse battery')).toBe(false);
  });

  it('still refuses, after doing the work, when there is no account', async () => {
    expect(await passwords.verify(undefined, 'anything at all')).toBe(false);
  });
});
