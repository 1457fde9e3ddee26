import {
  carryOnZoneChange,
  type ExportProfile,
  type FocusArea,
  type ProfileFieldsReply,
  type StreakMode,
  type User,
  type UserProjection,
  type UserSearchResult,
} from '@warriors/contracts';

/** An account as the service keeps it; the store reads and writes exactly this shape. */
export interface UserRecord {
  id: string;
  email: string;
  username: string;
  password_hash: string;
  name: string;
  phone: string | null;
  company: string | null;
  city: string | null;
  state: string | null;
  focus_area: FocusArea;
  timezone: string;
  /** The day the last change of timezone left in force, until `day_carry_until` (ISO); null before any change. */
  day_carry_date: string | null;
  day_carry_until: string | null;
  bio: string | null;
  specialty: string | null;
  x_url: string | null;
  profile_picture: string | null;
  profile_public: boolean;
  show_on_leaderboard: boolean;
  show_in_battle_pulse: boolean;
  streak_mode: StreakMode;
  /** Whether the owner opened a verification link sent to `email`. */
  email_verified: boolean;
  /** An address change waiting for its confirmation link, or null. */
  pending_email: string | null;
  /** Signed into every token as `cv`; raised by a password reset or change and by a sign-out of every device. */
  credential_version: number;
  created_at: Date;
  updated_at: Date;
}

/** The editable part of an account: what the settings routes may change. */
export type UserChanges = Partial<
  Pick<
    UserRecord,
    | 'name'
    | 'bio'
    | 'company'
    | 'specialty'
    | 'city'
    | 'state'
    | 'x_url'
    | 'timezone'
    | 'day_carry_date'
    | 'day_carry_until'
    | 'profile_picture'
    | 'profile_public'
    | 'show_on_leaderboard'
    | 'show_in_battle_pulse'
    | 'streak_mode'
  >
>;

/**
 * The changes as they are written: a new timezone (a different one) brings the carry of the day in
 * force at `at`, so no day is lost or counted twice (calendar.ts brokerDay).
 */
export function withDayCarry(user: UserRecord, changes: UserChanges, at: Date): UserChanges {
  if (changes.timezone === undefined || changes.timezone === user.timezone) return changes;
  return { ...changes, ...carryOnZoneChange(at, user, changes.timezone) };
}

/** Streak and badges belong to gamification; auth shows what it answered, or nothing yet. */
export type UserStats = Pick<User, 'streak_days' | 'streak_freezes' | 'streak_protected' | 'badges'>;

export const NO_STATS: UserStats = { streak_days: 0, streak_freezes: 0, streak_protected: false, badges: [] };

export function toUserResponse(user: UserRecord, stats: UserStats = NO_STATS): User {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    phone: user.phone,
    company: user.company,
    city: user.city,
    state: user.state,
    focus_area: user.focus_area,
    timezone: user.timezone,
    bio: user.bio,
    specialty: user.specialty,
    x_url: user.x_url,
    profile_picture: user.profile_picture,
    profile_public: user.profile_public,
    show_on_leaderboard: user.show_on_leaderboard,
    show_in_battle_pulse: user.show_in_battle_pulse,
    streak_days: stats.streak_days,
    streak_mode: user.streak_mode,
    streak_freezes: stats.streak_freezes,
    streak_protected: stats.streak_protected,
    badges: stats.badges,
    created_at: user.created_at.toISOString(),
    email_verified: user.email_verified,
    pending_email: user.pending_email,
  };
}

/** The account as 'Download my data' gives it: every field the broker entered or chose, never the password's hash. */
export function toExportProfile(user: UserRecord): ExportProfile {
  const { streak_days: _streak, streak_freezes: _freezes, streak_protected: _protected, badges: _badges, ...profile } = toUserResponse(user);
  return profile;
}

/** What other services keep of a user (names on leaderboards, visibility flags, timezone for days). */
export function toProjection(user: UserRecord): UserProjection {
  return {
    user_id: user.id,
    name: user.name,
    username: user.username,
    profile_picture: user.profile_picture,
    company: user.company,
    city: user.city,
    state: user.state,
    timezone: user.timezone,
    day_carry_date: user.day_carry_date,
    day_carry_until: user.day_carry_until,
    profile_public: user.profile_public,
    show_on_leaderboard: user.show_on_leaderboard,
    show_in_battle_pulse: user.show_in_battle_pulse,
    streak_mode: user.streak_mode,
  };
}

/** What a public profile may show of an account (social decides whether it is shown: profile_public). */
export function toProfileFields(user: UserRecord): NonNullable<ProfileFieldsReply> {
  return {
    user_id: user.id,
    username: user.username,
    name: user.name,
    profile_picture: user.profile_picture,
    created_at: user.created_at.toISOString(),
    company: user.company,
    specialty: user.specialty,
    city: user.city,
    state: user.state,
    x_url: user.x_url,
    bio: user.bio,
    timezone: user.timezone,
    profile_public: user.profile_public,
  };
}

/** What user search reads of an account. */
export type SearchRow = Pick<UserRecord, 'id' | 'name' | 'username' | 'profile_picture' | 'company' | 'profile_public'>;

/** A search hit as the user's public profile would show it: a private profile shows only its username. */
export function toSearchResult(user: SearchRow): UserSearchResult {
  if (!user.profile_public) return { id: user.id, name: null, username: user.username, profile_picture: null, company: null, profile_public: false };
  return { id: user.id, name: user.name, username: user.username, profile_picture: user.profile_picture, company: user.company, profile_public: true };
}
