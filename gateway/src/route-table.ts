/**
 * The one place that says which service answers which /api path. First match wins, so more
 * specific patterns (e.g. /api/users/{id}/summary) come before general ones (/api/users).
 * Adding a service is a line here and its pool in the configuration.
 */
export const SERVICE_NAMES = ['auth', 'activity', 'gamification', 'campaigns'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface Route<Name extends string = ServiceName> {
  pattern: RegExp;
  service: Name;
}

/** A path segment that is one id, e.g. the {id} of /api/users/{id}/summary. */
const ID = '[^/]+';

const prefix = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`);

export const ROUTES: readonly Route[] = [
  { pattern: prefix('/api/signup'), service: 'auth' },
  { pattern: prefix('/api/login'), service: 'auth' },
  { pattern: prefix('/api/me'), service: 'auth' },
  { pattern: prefix('/api/settings'), service: 'auth' },
  { pattern: prefix('/api/user'), service: 'auth' },
  { pattern: prefix('/api/users/search'), service: 'auth' },
  { pattern: prefix('/api/activity'), service: 'activity' },
  { pattern: prefix('/api/recent-activities'), service: 'activity' },
  { pattern: new RegExp(`^/api/users/${ID}/(summary|metrics)(?:/|$)`), service: 'activity' },
  { pattern: prefix('/api/leaderboard'), service: 'gamification' },
  { pattern: prefix('/api/badges'), service: 'gamification' },
  { pattern: prefix('/api/badge-definitions'), service: 'gamification' },
  { pattern: prefix('/api/campaigns'), service: 'campaigns' },
  { pattern: prefix('/api/user_goals'), service: 'campaigns' },
];

/** The service of the live socket: the social service, once it exists. */
export const WEBSOCKET_PATH = '/ws';
export const WEBSOCKET_SERVICE: ServiceName | null = null;

export function serviceFor<Name extends string = ServiceName>(path: string, routes: readonly Route<Name>[] = ROUTES as readonly Route<Name>[]): Name | null {
  return routes.find((route) => route.pattern.test(path))?.service ?? null;
}
