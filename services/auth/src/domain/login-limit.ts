/**
 * Failed logins one email may collect within the window before every attempt on it is refused, even
 * with the right password, until the oldest of them leaves the window (docs/decisions.md, "Login
 * attempts per account").
 */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** Attempts made at or before this instant no longer count. */
export function loginWindowStart(now: Date): Date {
  return new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
}

/**
 * Why an attempt is refused, or null when it may go on to the password check. `attempts` counts the
 * failures in the window plus the attempts in flight, this one included; `oldest` is the earliest.
 */
export function loginRefusal(attempts: number, oldest: Date, now: Date): { message: string; retryAfterSeconds: number } | null {
  if (attempts <= LOGIN_FAILURE_LIMIT) return null;
  const waitMs = oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime();
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return {
    message: `Too many failed login attempts for this account. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  };
}
