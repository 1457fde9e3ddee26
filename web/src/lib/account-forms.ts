import { PASSWORD_MIN_LENGTH } from '@warriors/contracts';

export const PASSWORDS_DIFFER = 'Passwords do not match';

/** What the forms take for an address before the server checks it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address a form sends: its checks before anything goes, empty when it may. */
export function emailProblems(email: string): string[] {
  if (!email.trim()) return ['Email is required'];
  return EMAIL_PATTERN.test(email.trim()) ? [] : ['Enter a valid email address'];
}

/** A new password typed twice, checked as the server checks it (and the two copies against each other). */
export function newPasswordProblems(password: string, confirmation: string): string[] {
  if (!password) return ['Password is required'];
  if (password.length < PASSWORD_MIN_LENGTH) return [`Password must be at least ${PASSWORD_MIN_LENGTH} characters`];
  return password === confirmation ? [] : [PASSWORDS_DIFFER];
}
