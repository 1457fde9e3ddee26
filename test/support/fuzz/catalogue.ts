import { z } from 'zod';
import {
  BattlePulseQuery,
  BattlePulseVisibilityQuery,
  BulkActivityBody,
  ChallengeListQuery,
  ChangeEmailBody,
  ChangePasswordBody,
  CreateChallengeBody,
  CreateCampaignBody,
  ForgotPasswordBody,
  FunnelQuery,
  LeaderboardVisibilityQuery,
  LeaderboardWindow,
  LogActivityBody,
  LoginBody,
  MailPreferences,
  OpenChallengesQuery,
  PictureQuery,
  PrivacyQuery,
  ProfilePictureBody,
  ProfileUpdateBody,
  PushPreferences,
  PushSubscriptionDelete,
  ResetPasswordBody,
  pushSubscriptionBody,
  SendNudgeBody,
  SignupBody,
  SummaryQuery,
  TimezoneQuery,
  UpdateCampaignBody,
  UnsubscribeQuery,
  UpdateChallengeBody,
  UserSearchQuery,
  VerifyEmailBody,
} from '@warriors/contracts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a path parameter names, so the fuzzer can mix real ids (the caller's, another user's) with bad ones. */
export type PathParam = 'activityId' | 'campaignId' | 'goalId' | 'userId' | 'window' | 'challengeId' | 'inviteId' | 'nudgeId' | 'kudosId' | 'recapNoticeId';

export interface Endpoint {
  method: Method;
  /** Express syntax, as the service registers it: /api/campaigns/:id/join. */
  path: string;
  /** The service the gateway sends it to, or 'gateway' for a route the gateway answers itself. */
  service: 'gateway' | 'auth' | 'activity' | 'gamification' | 'campaigns' | 'challenges' | 'social' | 'coaching' | 'mail';
  auth: 'required' | 'optional' | 'none';
  params?: Record<string, PathParam>;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Sends an Idempotency-Key header (the activity log). */
  idempotent?: boolean;
  /** Deletes the caller or signs it out everywhere: a valid token must be a throwaway user's, or the fuzzer would lose its own. */
  deletesCaller?: boolean;
}

/**
 * Every route the product serves under /api, with the contract schemas of what it reads. The
 * route-catalogue test fails for any route a service registers that is missing here, so a new route
 * cannot escape the fuzzer.
 */
export const ENDPOINTS: readonly Endpoint[] = [
  { method: 'POST', path: '/api/signup', service: 'auth', auth: 'none', body: SignupBody },
  { method: 'POST', path: '/api/login', service: 'auth', auth: 'none', body: LoginBody },
  { method: 'GET', path: '/api/me', service: 'auth', auth: 'required' },
  { method: 'PUT', path: '/api/settings/profile', service: 'auth', auth: 'required', body: ProfileUpdateBody },
  { method: 'PUT', path: '/api/settings/privacy', service: 'auth', auth: 'required', query: PrivacyQuery },
  { method: 'PUT', path: '/api/settings/leaderboard-visibility', service: 'auth', auth: 'required', query: LeaderboardVisibilityQuery },
  { method: 'PUT', path: '/api/settings/battle-pulse-visibility', service: 'auth', auth: 'required', query: BattlePulseVisibilityQuery },
  { method: 'PUT', path: '/api/settings/profile-picture', service: 'auth', auth: 'required', body: ProfilePictureBody },
  { method: 'DELETE', path: '/api/user/delete-account', service: 'auth', auth: 'required', deletesCaller: true },
  { method: 'GET', path: '/api/users/search', service: 'auth', auth: 'required', query: UserSearchQuery },
  { method: 'GET', path: '/api/users/:id/picture', service: 'auth', auth: 'none', params: { id: 'userId' }, query: PictureQuery },
  { method: 'POST', path: '/api/password/forgot', service: 'auth', auth: 'none', body: ForgotPasswordBody },
  { method: 'POST', path: '/api/password/reset', service: 'auth', auth: 'none', body: ResetPasswordBody },
  { method: 'POST', path: '/api/email/verify', service: 'auth', auth: 'none', body: VerifyEmailBody },
  { method: 'POST', path: '/api/email/verify/resend', service: 'auth', auth: 'required' },
  { method: 'PUT', path: '/api/settings/email', service: 'auth', auth: 'required', body: ChangeEmailBody },
  { method: 'PUT', path: '/api/settings/password', service: 'auth', auth: 'required', body: ChangePasswordBody, deletesCaller: true },
  { method: 'POST', path: '/api/sessions/revoke', service: 'auth', auth: 'required', deletesCaller: true },

  { method: 'POST', path: '/api/activity', service: 'activity', auth: 'required', body: LogActivityBody, idempotent: true },
  { method: 'POST', path: '/api/activity/bulk', service: 'activity', auth: 'required', body: BulkActivityBody, idempotent: true },
  { method: 'DELETE', path: '/api/activity/:id', service: 'activity', auth: 'required', params: { id: 'activityId' } },
  { method: 'GET', path: '/api/recent-activities', service: 'activity', auth: 'optional', query: TimezoneQuery },
  { method: 'POST', path: '/api/recent-activities/:id/kudos', service: 'activity', auth: 'required', params: { id: 'activityId' } },
  { method: 'GET', path: '/api/kudos', service: 'activity', auth: 'required' },
  { method: 'PUT', path: '/api/kudos/:id/read', service: 'activity', auth: 'required', params: { id: 'kudosId' } },
  { method: 'GET', path: '/api/users/:id/summary', service: 'activity', auth: 'required', params: { id: 'userId' }, query: SummaryQuery },
  { method: 'GET', path: '/api/users/:id/metrics/funnel', service: 'activity', auth: 'required', params: { id: 'userId' }, query: FunnelQuery },
  { method: 'GET', path: '/api/users/:id/stats', service: 'activity', auth: 'required', params: { id: 'userId' } },
  { method: 'GET', path: '/api/export/activities.csv', service: 'activity', auth: 'required' },
  // Written by the gateway from every service's part (the parts' own paths are outside /api).
  { method: 'GET', path: '/api/export/me.json', service: 'gateway', auth: 'required' },

  { method: 'GET', path: '/api/activity/held', service: 'gamification', auth: 'required' },
  { method: 'POST', path: '/api/activity/:id/confirm', service: 'gamification', auth: 'required', params: { id: 'activityId' } },
  { method: 'GET', path: '/api/badges', service: 'gamification', auth: 'required' },
  { method: 'GET', path: '/api/badges/progress', service: 'gamification', auth: 'required' },
  { method: 'GET', path: '/api/badge-definitions', service: 'gamification', auth: 'required' },
  { method: 'GET', path: '/api/leaderboard/me', service: 'gamification', auth: 'required', query: TimezoneQuery.extend({ window: LeaderboardWindow }) },
  { method: 'GET', path: '/api/leaderboard', service: 'gamification', auth: 'optional', query: TimezoneQuery },
  { method: 'GET', path: '/api/leaderboard/:window', service: 'gamification', auth: 'optional', params: { window: 'window' }, query: TimezoneQuery },
  { method: 'GET', path: '/api/recap/weekly', service: 'gamification', auth: 'required' },
  { method: 'GET', path: '/api/recap/notices', service: 'gamification', auth: 'required' },
  { method: 'PUT', path: '/api/recap/notices/:id/read', service: 'gamification', auth: 'required', params: { id: 'recapNoticeId' } },

  { method: 'GET', path: '/api/campaigns', service: 'campaigns', auth: 'required' },
  { method: 'POST', path: '/api/campaigns', service: 'campaigns', auth: 'required', body: CreateCampaignBody },
  { method: 'POST', path: '/api/campaigns/create', service: 'campaigns', auth: 'required', body: CreateCampaignBody },
  { method: 'POST', path: '/api/campaigns/:id/join', service: 'campaigns', auth: 'required', params: { id: 'campaignId' } },
  { method: 'PUT', path: '/api/campaigns/:id', service: 'campaigns', auth: 'required', params: { id: 'campaignId' }, body: UpdateCampaignBody },
  { method: 'DELETE', path: '/api/campaigns/:id', service: 'campaigns', auth: 'required', params: { id: 'campaignId' } },
  { method: 'DELETE', path: '/api/user_goals/:id', service: 'campaigns', auth: 'required', params: { id: 'goalId' } },

  { method: 'GET', path: '/api/challenges/public/:id', service: 'challenges', auth: 'none', params: { id: 'challengeId' } },
  { method: 'GET', path: '/api/challenges/open', service: 'challenges', auth: 'required', query: OpenChallengesQuery },
  { method: 'GET', path: '/api/challenges/my', service: 'challenges', auth: 'required', query: ChallengeListQuery },
  { method: 'POST', path: '/api/challenges', service: 'challenges', auth: 'required', body: CreateChallengeBody },
  { method: 'GET', path: '/api/challenges/:id', service: 'challenges', auth: 'required', params: { id: 'challengeId' } },
  { method: 'GET', path: '/api/challenges/:id/leaderboard', service: 'challenges', auth: 'required', params: { id: 'challengeId' } },
  { method: 'POST', path: '/api/challenges/:id/update', service: 'challenges', auth: 'required', params: { id: 'challengeId' }, body: UpdateChallengeBody },
  { method: 'POST', path: '/api/challenges/:id/join', service: 'challenges', auth: 'required', params: { id: 'challengeId' } },
  { method: 'POST', path: '/api/challenges/:id/leave', service: 'challenges', auth: 'required', params: { id: 'challengeId' } },
  { method: 'DELETE', path: '/api/challenges/:id', service: 'challenges', auth: 'required', params: { id: 'challengeId' } },
  { method: 'GET', path: '/api/challenge-invites', service: 'challenges', auth: 'required' },
  { method: 'POST', path: '/api/challenge-invites/:id/accept', service: 'challenges', auth: 'required', params: { id: 'inviteId' } },
  { method: 'POST', path: '/api/challenge-invites/:id/decline', service: 'challenges', auth: 'required', params: { id: 'inviteId' } },
  { method: 'GET', path: '/api/battle-pulse', service: 'social', auth: 'required', query: BattlePulseQuery },
  { method: 'POST', path: '/api/nudges', service: 'social', auth: 'required', body: SendNudgeBody },
  { method: 'GET', path: '/api/nudges/inbox', service: 'social', auth: 'required' },
  { method: 'PUT', path: '/api/nudges/:id/read', service: 'social', auth: 'required', params: { id: 'nudgeId' } },
  { method: 'GET', path: '/api/users/:id/public-profile', service: 'social', auth: 'none', params: { id: 'userId' } },
  { method: 'GET', path: '/api/push/config', service: 'social', auth: 'required' },
  // As production reads it: https endpoints only (the fuzz stacks set no VAPID keys, so a valid one answers 409).
  { method: 'PUT', path: '/api/push/subscriptions', service: 'social', auth: 'required', body: pushSubscriptionBody(false) },
  { method: 'DELETE', path: '/api/push/subscriptions', service: 'social', auth: 'required', body: PushSubscriptionDelete },
  { method: 'GET', path: '/api/push/preferences', service: 'social', auth: 'required' },
  { method: 'PUT', path: '/api/push/preferences', service: 'social', auth: 'required', body: PushPreferences },
  // The fuzz stacks point the coaching service at a fake model server (startFuzzStack): never a real one.
  { method: 'GET', path: '/api/daily-accountability', service: 'coaching', auth: 'required' },
  { method: 'POST', path: '/api/ai/goal/today', service: 'coaching', auth: 'required' },
  { method: 'GET', path: '/api/mail/preferences', service: 'mail', auth: 'required' },
  { method: 'PUT', path: '/api/mail/preferences', service: 'mail', auth: 'required', body: MailPreferences },
  { method: 'POST', path: '/api/mail/unsubscribe', service: 'mail', auth: 'none', query: UnsubscribeQuery },
];

export const endpointName = (endpoint: { method: string; path: string }): string => `${endpoint.method} ${endpoint.path}`;
