import type { z } from 'zod';
import { ActiveGoalsReply, ActiveGoalsRequest, FunnelReply, FunnelRequest, StandingReply, StandingRequest } from './coaching';
import {
  AccountsByEmailReply,
  AccountsByEmailRequest,
  ActivityCountsRequest,
  DayEntriesReply,
  DayEntriesRequest,
  ProfileFieldsReply,
  ProfileFieldsRequest,
  PublicStatsReply,
  PublicStatsRequest,
  RanksReply,
  RanksRequest,
  UserProjectionReply,
  UserProjectionRequest,
  UserStatsReply,
  UserStatsRequest,
} from './events';
import { CompletedGoalsReply, CompletedGoalsRequest, WeeklyRecap } from './recap';
import { MailDigestSocialReply, MailDigestSocialRequest, PendingInvitesReply, PendingInvitesRequest, WeeklyRecapRequest } from './mail';
import { ActivityCountsByWindow } from './social';
import { HeldEntriesReply, HeldEntriesRequest } from './export';

/** A request/reply question on the bus: its subject with what is asked and what is answered. */
export interface BusQuestion<Request extends z.ZodTypeAny = z.ZodTypeAny, Reply extends z.ZodTypeAny = z.ZodTypeAny> {
  subject: string;
  request: Request;
  reply: Reply;
}

const question = <Request extends z.ZodTypeAny, Reply extends z.ZodTypeAny>(subject: string, request: Request, reply: Reply): BusQuestion<Request, Reply> => ({
  subject,
  request,
  reply,
});

/**
 * Every question one service asks another, so a subject cannot be asked or answered with another
 * question's schemas (core NATS, not JetStream). The subjects are on the wire: a rename is a protocol change.
 */
export const BUS_QUESTIONS = {
  /** auth answers a user's projection, or null: for a consumer that has not seen user.registered yet. */
  userProjection: question('auth.user.projection', UserProjectionRequest, UserProjectionReply),
  /** auth answers which of some emails have an account: challenges turns an email invite into an account's invite. */
  accountsByEmail: question('auth.accounts.by-email', AccountsByEmailRequest, AccountsByEmailReply),
  /** auth answers the fields of a user's public profile, or null for no such (or a deleted) account. */
  profileFields: question('auth.user.profile-fields', ProfileFieldsRequest, ProfileFieldsReply),
  /** gamification answers a user's rank, streak, points by window and latest badges. */
  publicStats: question('gamification.user.public-stats', PublicStatsRequest, PublicStatsReply),
  /**
   * activity answers a user's logged quantities by type for today, 7 and 30 days.
   * Not under `activity.`: the JetStream stream captures `activity.>`, and its ack would answer the request.
   */
  activityCounts: question('activity-reports.user-counts', ActivityCountsRequest, ActivityCountsByWindow),
  /** activity answers a user's entries of one local day: campaigns credits them to a goal started that day. */
  dayEntries: question('activity-reports.user-day-entries', DayEntriesRequest, DayEntriesReply),
  /** gamification answers ranks on a leaderboard window for a few users (Shots Fired rows). */
  ranks: question('gamification.ranks', RanksRequest, RanksReply),
  /** gamification answers a user's current streak and badges (auth puts them on /api/me). */
  userStats: question('gamification.user.stats', UserStatsRequest, UserStatsReply),
  /** activity answers a user's funnel metrics on a window of their local days. */
  funnel: question('activity-reports.user-funnel', FunnelRequest, FunnelReply),
  /** gamification answers a user's standing on a board window, with the points a day's goal takes. */
  standing: question('gamification.user.standing', StandingRequest, StandingReply),
  /** campaigns answers a user's active goals. */
  activeGoals: question('campaigns-reports.user-active-goals', ActiveGoalsRequest, ActiveGoalsReply),
  /** campaigns answers the goals a user completed between two instants (the weekly recap's weeks). */
  completedGoals: question('campaigns-reports.user-completed-goals', CompletedGoalsRequest, CompletedGoalsReply),
  /** gamification answers which of a page of a user's activities are held above a daily ceiling (the exports' held column). */
  heldEntries: question('gamification.entries.held', HeldEntriesRequest, HeldEntriesReply),
  /** gamification answers a user's weekly recap: the mail service's Monday mail. */
  weeklyRecap: question('gamification.user.weekly-recap', WeeklyRecapRequest, WeeklyRecap),
  /** social answers the daily digest's nudges and whether the broker has a push device (the digest is for those without). */
  mailDigestSocial: question('social.user.mail-digest', MailDigestSocialRequest, MailDigestSocialReply),
  /** challenges answers a user's pending invitations since an instant (the daily digest). */
  pendingInvites: question('challenges-reports.user-pending-invites', PendingInvitesRequest, PendingInvitesReply),
} as const;
