import { loadServiceRegistry, websocketOf, type RegistryRoute } from '@warriors/kit';

/**
 * Which service answers which /api path, from services.registry.json: first match wins, so more
 * specific patterns (e.g. /api/users/{id}/summary) come before general ones (/api/users).
 */
export const SERVICE_REGISTRY = loadServiceRegistry();

/** Every service of the product, in registry order (the order embedded mode starts them in). */
export const SERVICE_NAMES: readonly string[] = SERVICE_REGISTRY.services.map((service) => service.name);
export type ServiceName = string;

export interface Route<Name extends string = ServiceName> {
  pattern: RegExp;
  service: Name;
  /** The route as services.registry.json writes it (a prefix or a pattern): the gateway's metrics label. */
  template?: string;
}

/** A path segment that is one id, e.g. the {id} of /api/users/{id}/summary. */
const ID = '[^/]+';

const prefix = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`);

/** A registry route as the gateway matches it: a prefix claims whole path segments; {id} in a pattern is one segment. */
const compileRoute = (route: RegistryRoute): Route => ({
  pattern: 'prefix' in route ? prefix(route.prefix) : new RegExp(route.pattern.replaceAll('{id}', ID)),
  service: route.service,
  template: 'prefix' in route ? route.prefix : route.pattern,
});

export const ROUTES: readonly Route[] = SERVICE_REGISTRY.routes.map(compileRoute);

/** The live socket's owner and path, from the registry (social's `"websocket": "/ws"`). */
const WEBSOCKET = websocketOf(SERVICE_REGISTRY);
export const WEBSOCKET_PATH: string | null = WEBSOCKET?.path ?? null;
export const WEBSOCKET_SERVICE: ServiceName | null = WEBSOCKET?.service ?? null;

export function routeFor<Name extends string = ServiceName>(path: string, routes: readonly Route<Name>[] = ROUTES as readonly Route<Name>[]): Route<Name> | null {
  return routes.find((route) => route.pattern.test(path)) ?? null;
}

export function serviceFor<Name extends string = ServiceName>(path: string, routes: readonly Route<Name>[] = ROUTES as readonly Route<Name>[]): Name | null {
  return routeFor(path, routes)?.service ?? null;
}
