/**
 * The one place that says which service answers which /api path. First match wins, so more
 * specific patterns (e.g. /api/users/{id}/summary) come before general ones (/api/users).
 * Adding a service is a line here and its pool in the configuration.
 */
export const SERVICE_NAMES = ['auth'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

interface Route {
  pattern: RegExp;
  service: ServiceName;
}

const prefix = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`);

export const ROUTES: readonly Route[] = [
  { pattern: prefix('/api/signup'), service: 'auth' },
  { pattern: prefix('/api/login'), service: 'auth' },
  { pattern: prefix('/api/me'), service: 'auth' },
  { pattern: prefix('/api/settings'), service: 'auth' },
  { pattern: prefix('/api/user'), service: 'auth' },
  { pattern: prefix('/api/users/search'), service: 'auth' },
];

/** The service of the live socket: the social service, once it exists. */
export const WEBSOCKET_PATH = '/ws';
export const WEBSOCKET_SERVICE: ServiceName | null = null;

export function serviceFor(path: string): ServiceName | null {
  return ROUTES.find((route) => route.pattern.test(path))?.service ?? null;
}
