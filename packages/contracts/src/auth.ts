import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './account-values';
import { Badge, StreakMode } from './gamification';
import { isValidTimezone } from './calendar';
import { PictureUrl } from './picture';
import { USER_SEARCH_MIN_CHARS } from './profile-values';

export const FOCUS_AREAS = ['tenant_rep', 'investment_sales', 'landlord_rep', 'investor'] as const;
export const FocusArea = z.enum(FOCUS_AREAS, { message: 'Focus area must be one of: tenant_rep, investment_sales, landlord_rep, investor' });
export type FocusArea = z.infer<typeof FocusArea>;

/** An IANA zone name the runtime knows, e.g. America/New_York. */
export const TimeZone = z.string().trim().refine(isValidTimezone, { message: 'Unknown timezone' });

/** `?tz=` on public reads: the anonymous viewer's zone, which decides their "today". */
export const TimezoneQuery = z.object({ tz: TimeZone.optional() });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `Must be at most ${max} characters`);

const stateCode = z
  .string()
  .trim()
  .max(2, 'State must be at most 2 characters')
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null));

export const SignupBody = z.object({
  name: requiredText('Name', 100),
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Enter a valid email address' })),
  password: z
    .string({ message: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'Password must be at most 200 characters'),
  phone: optionalText(30),
  company: optionalText(120),
  city: optionalText(80),
  state: stateCode,
  focus_area: FocusArea,
  timezone: TimeZone.nullish().transform((v) => v || 'UTC'),
});
export type SignupBody = z.input<typeof SignupBody>;

export const LoginBody = z.object({
  email: z.string({ message: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required'),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginBody = z.input<typeof LoginBody>;

/** Stored lowercase with underscores ("Office Leasing" -> office_leasing), shown title-cased. */
/** Lowercase words joined by underscores; '&' between words is kept as a word of its own ('retail_&_office'). */
export function normalizeSpecialty(text: string): string {
  return text
    .toLowerCase()
    .split('&')
    .map((part) => part.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, ''))
    .filter(Boolean)
    .join('_&_');
}

export const ProfileUpdateBody = z.object({
  name: requiredText('Name', 100).optional(),
  bio: optionalText(1000),
  company: optionalText(120),
  specialty: optionalText(80).transform((v) => (v ? normalizeSpecialty(v) || null : null)),
  city: optionalText(80),
  state: stateCode,
  x_url: z
    .string()
    .trim()
    .max(300, 'Must be at most 300 characters')
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.url({ protocol: /^https?$/, message: 'Enter a valid URL (https://...)' }).nullable()),
  timezone: TimeZone.optional(),
  streak_mode: StreakMode.optional(),
});
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBody>;

const DATA_URL_HEADER = /^data:[a-z/+.-]+;base64,/;

/** A-Z a-z 0-9 + / = and whitespace. */
function isBase64Character(code: number): boolean {
  return (
    (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 43 || code === 47 || code === 61 || code === 32 || (code >= 9 && code <= 13)
  );
}

/**
 * A base64 data URL. The payload (megabytes) is scanned a character at a time: one regular
 * expression over the whole string backtracks on V8's stack and overflowed it under load.
 */
export function isBase64DataUrl(text: string): boolean {
  const header = DATA_URL_HEADER.exec(text);
  if (!header || header[0].length === text.length) return false;
  for (let i = header[0].length; i < text.length; i += 1) {
    if (!isBase64Character(text.charCodeAt(i))) return false;
  }
  return true;
}

export const ProfilePictureBody = z.object({
  profile_picture: z.string({ message: 'profile_picture is required' }).refine(isBase64DataUrl, 'Must be a base64 data URL (data:image/...;base64,...)'),
});
export type ProfilePictureBody = z.infer<typeof ProfilePictureBody>;

/** Query flags are sent as strings: true/false (also 1/0). */
export const QueryFlag = z.enum(['true', 'false', '1', '0'], { message: 'Must be true or false' }).transform((v) => v === 'true' || v === '1');

export const PrivacyQuery = z.object({ profile_public: QueryFlag });
export const LeaderboardVisibilityQuery = z.object({ show_on_leaderboard: QueryFlag });
export const BattlePulseVisibilityQuery = z.object({ show_in_battle_pulse: QueryFlag });

export const UserSearchQuery = z.object({
  q: z.string({ message: 'q is required' }).trim().min(USER_SEARCH_MIN_CHARS, `Search needs at least ${USER_SEARCH_MIN_CHARS} characters`).max(100),
});

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** User ids are UUIDs (auth's users.id is a uuid column): any other text names no user and must not reach SQL. */
export const isUserId = (text: string): boolean => USER_ID.test(text);

/** The signed-in user's own record, as /me, signup and login answer it. */
export const User = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  focus_area: FocusArea,
  timezone: z.string(),
  bio: z.string().nullable(),
  specialty: z.string().nullable(),
  x_url: z.string().nullable(),
  profile_picture: PictureUrl.nullable(),
  profile_public: z.boolean(),
  show_on_leaderboard: z.boolean(),
  show_in_battle_pulse: z.boolean(),
  /** Filled by gamification once it exists; 0 and [] until then. */
  streak_days: z.number().int(),
  /** How the streak counts days (the broker's setting). */
  streak_mode: StreakMode,
  /** Streak freezes held (gamification's): each covers one missed day of a running streak. */
  streak_freezes: z.number().int(),
  /** Whether a freeze covered a missed day of the current streak. */
  streak_protected: z.boolean(),
  badges: z.array(Badge),
  created_at: z.string(),
  /** Whether the broker opened the verification link sent to `email`. */
  email_verified: z.boolean(),
  /** An address change waiting for its confirmation link to be opened (the new address), or null. */
  pending_email: z.string().nullable(),
});
export type User = z.infer<typeof User>;

export const AuthResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: User,
});
export type AuthResponse = z.infer<typeof AuthResponse>;

/**
 * A row of /users/search: what a picker needs and the user's public profile would show. A private
 * profile (profile_public false) shows only its username: name, picture and company are null.
 */
export const UserSearchResult = z.object({
  id: z.string(),
  name: z.string().nullable(),
  username: z.string(),
  profile_picture: PictureUrl.nullable(),
  company: z.string().nullable(),
  profile_public: z.boolean(),
});
export type UserSearchResult = z.infer<typeof UserSearchResult>;

export const MessageResponse = z.object({ detail: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** The email of sign-up, as every form that takes an address reads it. */
const EmailAddress = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));

const NewPassword = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

/** A link's token: random base64url text, so anything long or odd names no token and must not reach SQL. */
const LinkToken = z.string({ message: 'token is required' }).trim().min(1, 'token is required').max(200, 'token is invalid');

export const ForgotPasswordBody = z.object({ email: EmailAddress });
export const ResetPasswordBody = z.object({ token: LinkToken, password: NewPassword });
export const VerifyEmailBody = z.object({ token: LinkToken });
export const ChangeEmailBody = z.object({ email: EmailAddress, password: z.string({ message: 'Password is required' }).min(1, 'Password is required') });
export const ChangePasswordBody = z.object({
  current_password: z.string({ message: 'Current password is required' }).min(1, 'Current password is required'),
  new_password: NewPassword,
});
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBody>;
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;
export type VerifyEmailBody = z.input<typeof VerifyEmailBody>;
export type ChangeEmailBody = z.input<typeof ChangeEmailBody>;
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

/** POST /api/email/verify answers the user; so does PUT /api/settings/email (with pending_email set). */
export const UserResponse = z.object({ user: User });
export type UserResponse = z.infer<typeof UserResponse>;

/** How long each link of an account mail stays valid. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const EMAIL_VERIFY_TTL_HOURS = 48;
