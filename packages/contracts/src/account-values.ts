/**
 * The account and mail values the browser shows, apart from the schemas that check them: the web
 * imports these without loading zod (docs/decisions.md, "The signed-in screens load no schema").
 */

export const PASSWORD_MIN_LENGTH = 8;

export const ACCOUNT_MESSAGES = {
  forgotAccepted: "If an account exists for that email, we've sent a link to reset the password.",
  resetInvalid: 'This reset link is invalid or has expired.',
  verifyInvalid: 'This verification link is invalid or has expired.',
  verifySent: "We've sent a new verification link to your email.",
  alreadyVerified: 'Your email is already verified.',
  wrongPassword: 'Incorrect password',
  wrongCurrentPassword: 'Current password is incorrect',
  emailChangeSent: "We've sent a link to your new address. The change applies once you open it.",
  sameEmail: 'That is already your email.',
  passwordChanged: 'Password changed. Other devices have been signed out.',
  sessionsRevoked: 'Signed out of all other devices.',
  tooManyForgot: 'Too many reset requests. Please try again later.',
  tooManyResend: 'Too many verification emails. Please try again later.',
} as const;

/** The mail kinds a broker can switch off (Settings, next to push's). */
export const MAIL_PREFERENCE_KINDS = ['weekly_recap', 'daily_digest', 'invitations'] as const;
export type MailPreferenceKind = (typeof MAIL_PREFERENCE_KINDS)[number];

export const MAIL_MESSAGES = {
  unsubscribeInvalid: 'This unsubscribe link is invalid.',
  unsubscribed: {
    weekly_recap: 'You will no longer get the weekly recap by email.',
    daily_digest: 'You will no longer get the daily digest by email.',
    invitations: 'You will no longer get challenge invitations by email.',
  },
} as const satisfies { unsubscribeInvalid: string; unsubscribed: Record<MailPreferenceKind, string> };
