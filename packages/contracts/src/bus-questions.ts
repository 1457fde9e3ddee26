import type { z } from 'zod';
import { ActiveGoalsReply, ActiveGoalsRequest, COACHING_REQUESTS, FunnelReply, FunnelRequest, StandingReply, StandingRequest } from './coaching';
import {
  AccountsByEmailReply,
  AccountsByEmailRequest,
  ActivityCountsRequest,
  ProfileFieldsReply,
  ProfileFieldsRequest,
  PublicStatsReply,
  PublicStatsRequest,
  RANKS_REQUEST,
  RanksReply,
  RanksRequest,
  REQUESTS,
  USER_STATS_REQUEST,
  UserProjectionReply,
  UserProjectionRequest,
  UserStatsReply,
  UserStatsRequest,
} from './events';
import { ActivityCountsByWindow } from './social';

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
 * question's schemas. The subjects are on the wire: a rename is a protocol change.
 */
export const BUS_QUESTIONS = {
  userProjection: question(REQUESTS.userProjection, UserProjectionRequest, UserProjectionReply),
  accountsByEmail: question(REQUESTS.accountsByEmail, AccountsByEmailRequest, AccountsByEmailReply),
  profileFields: question(REQUESTS.profileFields, ProfileFieldsRequest, ProfileFieldsReply),
  publicStats: question(REQUESTS.publicStats, PublicStatsRequest, PublicStatsReply),
  activityCounts: question(REQUESTS.activityCounts, ActivityCountsRequest, ActivityCountsByWindow),
  ranks: question(RANKS_REQUEST, RanksRequest, RanksReply),
  userStats: question(USER_STATS_REQUEST, UserStatsRequest, UserStatsReply),
  funnel: question(COACHING_REQUESTS.funnel, FunnelRequest, FunnelReply),
  standing: question(COACHING_REQUESTS.standing, StandingRequest, StandingReply),
  activeGoals: question(COACHING_REQUESTS.activeGoals, ActiveGoalsRequest, ActiveGoalsReply),
} as const;
