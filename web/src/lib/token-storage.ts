import type { User } from '@warriors/contracts';

/** Spec point 9: the session token lives in localStorage under this key. */
export const TOKEN_KEY = 'token';
/** The user last read under the token, kept beside it: a page loaded offline opens signed in (docs/decisions.md). */
export const KNOWN_USER_KEY = 'known_user';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function writeToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

interface KnownUser {
  /** The token the user was read under: another broker's token on the device never opens as this user. */
  token: string;
  user: User;
}

/** The user last read under this token on this device, or null (none yet, or read under another token). */
export function readKnownUser(token: string): User | null {
  try {
    const known = JSON.parse(localStorage.getItem(KNOWN_USER_KEY) ?? 'null') as KnownUser | null;
    return known?.token === token && typeof known.user?.id === 'string' ? known.user : null;
  } catch {
    return null;
  }
}

/** Keeps the session's user beside its token; gone with the token. A token whose user is not read yet keeps nothing new. */
export function writeKnownUser(token: string | null, user: User | null): void {
  if (!token) localStorage.removeItem(KNOWN_USER_KEY);
  else if (user) localStorage.setItem(KNOWN_USER_KEY, JSON.stringify({ token, user } satisfies KnownUser));
}
