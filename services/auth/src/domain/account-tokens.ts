import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_VERIFY_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '@warriors/contracts';

/** What an account mail's link proves: the mailbox of a reset, of a sign-up, or of a new address. */
export type TokenPurpose = 'reset' | 'verify' | 'email_change';

/** 256 random bits: far past guessing, and short enough for a link. */
const TOKEN_BYTES = 32;

export interface LinkToken {
  /** Goes in the mail's link, and nowhere else. */
  token: string;
  /** What the database keeps. */
  hash: string;
}

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newLinkToken(): LinkToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

const LIFETIME_MS: Record<TokenPurpose, number> = {
  reset: PASSWORD_RESET_TTL_MINUTES * 60_000,
  verify: EMAIL_VERIFY_TTL_HOURS * 3_600_000,
  email_change: EMAIL_VERIFY_TTL_HOURS * 3_600_000,
};

export const tokenExpiry = (purpose: TokenPurpose, at: Date): Date => new Date(at.getTime() + LIFETIME_MS[purpose]);

/** The per-address limit of 'Forgot password?': counted for every address, known or not, so it tells nothing. */
export const RESET_REQUESTS_PER_HOUR = 5;
/** Verification mails one account may ask for in an hour (sign-up's included). */
export const VERIFY_SENDS_PER_HOUR = 3;
export const HOUR_MS = 3_600_000;

/** The address as the per-address limit keys it: never the address itself. */
export const addressKey = (email: string): string => createHash('sha256').update(`reset:${email}`).digest('hex');
