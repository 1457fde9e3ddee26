import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** src/ under jest and tsx, dist/ once built: both sit three levels below the repository root. */
export const SERVICE_REGISTRY_FILE = path.resolve(__dirname, '..', '..', '..', 'services.registry.json');

/** Lower-case letters and digits: the name is also a folder, a package (@warriors/<name>) and a variable prefix (<NAME>_URLS). */
const ServiceName = z.string().regex(/^[a-z][a-z0-9]*$/, 'a service name is lower-case letters and digits');

const RegistryService = z.strictObject({
  name: ServiceName,
  /** Where its own process listens in stack mode unless <NAME>_PORT (npm run stack) or PORT says otherwise. */
  port: z.number().int().min(1).max(65535),
  /** It answers every logged activity on the effects subject, and a log waits for its answer. */
  answersLogEffects: z.boolean().default(false),
  /** The path of the live socket it owns (at most one service does): the gateway hands it that path's upgrades. */
  websocket: z.string().startsWith('/').optional(),
});

const RegistryRoute = z.union([
  z.strictObject({ service: ServiceName, prefix: z.string().startsWith('/api/'), why: z.string().optional() }),
  z.strictObject({ service: ServiceName, pattern: z.string().startsWith('^/api/'), why: z.string().optional() }),
]);

const Registry = z.object({ services: z.array(RegistryService).min(1), routes: z.array(RegistryRoute) }).superRefine((registry, ctx) => {
  const names = registry.services.map((service) => service.name);
  const ports = registry.services.map((service) => service.port);
  for (const name of names.filter((name, i) => names.indexOf(name) !== i)) ctx.addIssue({ code: 'custom', message: `service ${name} is listed twice` });
  for (const port of ports.filter((port, i) => ports.indexOf(port) !== i)) ctx.addIssue({ code: 'custom', message: `port ${port} is given to two services` });
  if (registry.services.filter((service) => service.websocket).length > 1) ctx.addIssue({ code: 'custom', message: 'only one service may own the live socket' });
  for (const route of registry.routes.filter((route) => !names.includes(route.service))) {
    ctx.addIssue({ code: 'custom', message: `a route names ${route.service}, which is not a listed service` });
  }
});

export type RegistryService = z.infer<typeof RegistryService>;
export type RegistryRoute = z.infer<typeof RegistryRoute>;
export type ServiceRegistry = z.infer<typeof Registry>;

/** Reads and checks services.registry.json (or another registry file, for tests); a wrong entry throws naming it. */
export function loadServiceRegistry(file: string = SERVICE_REGISTRY_FILE): ServiceRegistry {
  const parsed = Registry.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(registry)'}: ${issue.message}`);
  throw new Error(`Invalid service registry ${file}: ${problems.join('; ')}`);
}

/** The services whose effects a log waits for, in registry order. */
export const effectSourcesOf = (registry: ServiceRegistry): string[] => registry.services.filter((service) => service.answersLogEffects).map((service) => service.name);

/** The service owning the live socket and its path, when one does. */
export function websocketOf(registry: ServiceRegistry): { service: string; path: string } | null {
  const owner = registry.services.find((service) => service.websocket);
  return owner?.websocket ? { service: owner.name, path: owner.websocket } : null;
}

/** The stack port of a listed service; a process that is not listed refuses to start. */
export function stackPortOf(registry: ServiceRegistry, name: string): number {
  const service = registry.services.find((entry) => entry.name === name);
  if (!service) throw new Error(`${name} is not in the service registry (${path.basename(SERVICE_REGISTRY_FILE)})`);
  return service.port;
}

/** The gateway's variable listing a service's instances, e.g. AUTH_URLS. */
export const upstreamVariable = (service: string): string => `${service.toUpperCase()}_URLS`;
