/** Every route of the app, named once. */
export const paths = {
  home: '/',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  unsubscribe: '/unsubscribe',
  dashboard: '/dashboard',
  leaderboard: '/leaderboard',
  badges: '/badges',
  goals: '/goals',
  stats: '/stats',
  challenges: '/challenges',
  profile: '/profile',
  userProfile: '/profile/:userId',
} as const;

/** The dashboard section the nav bar's Battle Ground link and the ranking number scroll to. */
export const BATTLE_GROUND_ID = 'battle-ground';

/** The query parameter an invitation link carries (/?challenge_id=...). */
export const CHALLENGE_ID_PARAM = 'challenge_id';

export function challengePath(challengeId: string): string {
  return `${paths.challenges}?id=${encodeURIComponent(challengeId)}`;
}

export function userProfilePath(userId: string): string {
  return `${paths.profile}/${encodeURIComponent(userId)}`;
}

/** Where a user goes once signed in: the challenge they were invited to, else the dashboard. */
export function afterAuthPath(search: URLSearchParams): string {
  const challengeId = search.get(CHALLENGE_ID_PARAM);
  return challengeId ? challengePath(challengeId) : paths.dashboard;
}
