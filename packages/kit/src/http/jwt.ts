import { createSecretKey, type KeyObject } from 'node:crypto';
import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { createTtlCache } from '../ttl-cache';
import { unauthorized } from './errors';
import type { AuthUser } from './request-context';

const ALGORITHM = 'HS256';

/**
 * How long a token checked once is taken on its word: the signature check (HMAC, JSON, claims) was
 * a sizeable share of every authenticated request's CPU, and each client sends the same token
 * request after request. Bounded so that a secret rotated out stops being accepted soon after.
 */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const MAX_VERIFIED_TOKENS = 20_000;

/** A valid token's user, and when the token stops being valid (a live connection ends then). */
export interface VerifiedToken extends AuthUser {
  expiresAt: Date;
}

/** Whom a token is signed for: a user, at their credential version (0 when not given). */
export type TokenSubject = Pick<AuthUser, 'id'> & Partial<Pick<AuthUser, 'credentialVersion'>>;

export interface TokenSigner {
  sign(user: TokenSubject): string;
  verify(token: string): VerifiedToken;
}

/**
 * HS256 tokens with a mandatory expiry; anything else (no exp, other alg, bad signature) is refused.
 * Tokens are signed with `secret`; `previousSecret` (the one being rotated out) is also accepted for
 * verification, so rotating the secret signs nobody out: see docs/operations.md, "Rotating JWT_SECRET".
 */
export function createTokenSigner(secret: string, expiresInSeconds: number, previousSecret?: string, now: () => number = Date.now): TokenSigner {
  // Key objects made once: given the string, jsonwebtoken first tries it as a PEM public key on
  // every call, and that failed parse was the costliest step of an authenticated request.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const previousKey = previousSecret === undefined ? undefined : createSecretKey(Buffer.from(previousSecret, 'utf8'));
  const verifyWith = (token: string, verifyKey: KeyObject): VerifiedToken => {
    const payload = jwt.verify(token, verifyKey, { algorithms: [ALGORITHM], clockTimestamp: Math.floor(now() / 1000) });
    if (typeof payload === 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
      throw new Error('token lacks subject or expiry');
    }
    const version: unknown = payload['cv'];
    if (version !== undefined && !(typeof version === 'number' && Number.isSafeInteger(version) && version >= 0)) throw new Error('token has a malformed credential version');
    return { id: payload.sub, credentialVersion: version ?? 0, expiresAt: new Date(payload.exp * 1000) };
  };
  const verifySignature = (token: string): VerifiedToken => {
    try {
      return verifyWith(token, key);
    } catch (err) {
      // Only a signature the current secret did not make is worth a second try: an expired or
      // malformed token stays refused whichever secret signed it.
      if (!previousKey || !(err instanceof jwt.JsonWebTokenError && err.message === 'invalid signature')) throw err;
      return verifyWith(token, previousKey);
    }
  };
  // Only tokens that passed are kept; each still expires at its own exp.
  const verified = createTtlCache<string, VerifiedToken>({ ttlMs: VERIFIED_TOKEN_TTL_MS, maxEntries: MAX_VERIFIED_TOKENS, now });
  return {
    sign: (user) => jwt.sign((user.credentialVersion ?? 0) > 0 ? { cv: user.credentialVersion } : {}, key, { algorithm: ALGORITHM, subject: user.id, expiresIn: expiresInSeconds }),
    verify: (token) => {
      const known = verified.get(token);
      if (known && known.expiresAt.getTime() > now()) return known;
      const checked = verifySignature(token);
      verified.set(token, checked);
      return checked;
    },
  };
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export const BAD_CREDENTIALS = 'Could not validate credentials';

export interface AuthOptions {
  /**
   * Whether the token no longer stands for a live session, from the service's own record of auth's
   * user events (ProjectedUsers.refusesToken): its account was deleted, or its credential version was
   * revoked. A token outlives both until it expires, so a signature alone proves neither. A user the
   * service has not heard of yet (user.registered on its way) is not refused.
   */
  isRevoked?: (user: AuthUser) => Promise<boolean>;
}

/** Rejects the request with 401 unless it carries a valid bearer token of a live account; sets req.user. */
export function requireAuth(signer: TokenSigner, options: AuthOptions = {}): RequestHandler {
  const { isRevoked } = options;
  return async (req, _res, next) => {
    const token = bearerToken(req.header('authorization'));
    if (!token) throw unauthorized('Not authenticated');
    let user: AuthUser;
    try {
      const verified = signer.verify(token);
      user = { id: verified.id, credentialVersion: verified.credentialVersion };
    } catch {
      throw unauthorized(BAD_CREDENTIALS);
    }
    if (isRevoked && (await isRevoked(user))) throw unauthorized(BAD_CREDENTIALS);
    req.user = user;
    next();
  };
}

/** Sets req.user when a valid token is present, and lets anonymous callers through. */
export function optionalAuth(signer: TokenSigner): RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req.header('authorization'));
    if (token) {
      try {
        const verified = signer.verify(token);
        req.user = { id: verified.id, credentialVersion: verified.credentialVersion };
      } catch {
        // An expired token on a public route reads as anonymous, not as an error.
      }
    }
    next();
  };
}

/** The signed-in user's id inside a route behind requireAuth. */
export function currentUserId(req: { user?: AuthUser }): string {
  if (!req.user) throw unauthorized();
  return req.user.id;
}
