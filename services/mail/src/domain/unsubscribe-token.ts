import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_PREFERENCE_KINDS, type MailPreferenceKind } from '@warriors/contracts';

/**
 * Who an unsubscribe link stops which mail for: a broker (by account) or an address without one (an
 * invited colleague). The link needs no sign-in, so it is signed: HMAC-SHA256 over what it names,
 * with the service's link key; it never expires (a mail read a year later still unsubscribes).
 */
export type UnsubscribeTarget = { kind: MailPreferenceKind } & ({ user_id: string } | { email: string });

const sign = (key: Buffer, payload: string): string => createHmac('sha256', key).update(payload).digest('base64url');

export function unsubscribeToken(key: Buffer, target: UnsubscribeTarget): string {
  const payload = Buffer.from(JSON.stringify('user_id' in target ? ['u', target.user_id, target.kind] : ['e', target.email, target.kind])).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The target of a well-signed token, or null for anything else. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeTarget | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [who, value, kind] = parsed as unknown[];
  if (typeof value !== 'string' || !MAIL_PREFERENCE_KINDS.includes(kind as MailPreferenceKind)) return null;
  if (who === 'u') return { user_id: value, kind: kind as MailPreferenceKind };
  if (who === 'e') return { email: value, kind: kind as MailPreferenceKind };
  return null;
}
