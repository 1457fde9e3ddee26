import { BUS_QUESTIONS, PROFILE_BADGE_LIMIT, PublicProfile, SOCIAL_MESSAGES, type BusQuestion, type PrivateProfile, type ProfileView } from '@warriors/contracts';
import { askService, notFound, type Bus } from '@warriors/kit';
import { z } from 'zod';

/** How long a profile waits for each service's answer before it answers 503. */
export const PROFILE_REQUEST_TIMEOUT_MS = 2000;

/** The answer, or a 503 naming the part of the profile that could not be fetched (never a 500). */
const ask = <Request extends z.ZodTypeAny, Reply extends z.ZodTypeAny>(
  bus: Bus,
  question: BusQuestion<Request, Reply>,
  payload: z.input<Request>,
  part: string,
): Promise<z.infer<Reply>> =>
  askService(bus, question, payload, {
    timeoutMs: PROFILE_REQUEST_TIMEOUT_MS,
    unavailable: `The ${part} are unavailable right now. Please try again shortly.`,
    unreadable: `The ${part} could not be read. Please try again shortly.`,
  });

/**
 * Anyone's profile, token or not (spec point 2): auth's fields, and for a public profile the owner's
 * stats and counts in their own timezone, asked in parallel.
 */
export function getPublicProfile({ bus }: { bus: Bus }) {
  return async function publicProfile(userId: string): Promise<ProfileView> {
    if (!z.uuid().safeParse(userId).success) throw notFound(SOCIAL_MESSAGES.profileNotFound);
    const fields = await ask(bus, BUS_QUESTIONS.profileFields, { user_id: userId }, 'profile details');
    if (!fields || fields.user_id !== userId) throw notFound(SOCIAL_MESSAGES.profileNotFound);
    if (!fields.profile_public) {
      // Field by field: nothing auth answered beyond these may reach a private profile's reader.
      const hidden: PrivateProfile = { id: fields.user_id, username: fields.username, profile_public: false, message: SOCIAL_MESSAGES.privateProfile };
      return hidden;
    }
    const question = { user_id: userId, timezone: fields.timezone };
    const [stats, counts] = await Promise.all([
      ask(bus, BUS_QUESTIONS.publicStats, question, 'profile stats'),
      ask(bus, BUS_QUESTIONS.activityCounts, question, 'activity counts'),
    ]);
    return PublicProfile.parse({
      id: fields.user_id,
      username: fields.username,
      profile_public: true,
      name: fields.name,
      profile_picture: fields.profile_picture,
      created_at: fields.created_at,
      rank: stats.rank,
      streak_days: stats.streak_days,
      today_points: stats.today_points,
      points_7d: stats.points_7d,
      points_30d: stats.points_30d,
      total_points: stats.total_points,
      company: fields.company,
      specialty: fields.specialty,
      city: fields.city,
      state: fields.state,
      x_url: fields.x_url,
      bio: fields.bio,
      badges: stats.badges.slice(0, PROFILE_BADGE_LIMIT),
      activity_counts: counts,
    });
  };
}
