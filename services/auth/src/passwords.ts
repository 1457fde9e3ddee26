import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface Passwords {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash. Without a hash (unknown email) it still runs one
   * verification against a throwaway hash, so the answer takes as long and does not reveal
   * which emails have accounts.
   */
  verify(hash: string | undefined, password: string): Promise<boolean>;
}

export function createPasswords(): Passwords {
  let dummy: Promise<string> | undefined;
  const hash = (password: string) => argon2.hash(password, ARGON2_OPTIONS);
  return {
    hash,
    async verify(stored, password) {
      if (stored) return argon2.verify(stored, password);
      dummy ??= hash(randomBytes(16).toString('hex'));
      await argon2.verify(await dummy, password);
      return false;
    },
  };
}
