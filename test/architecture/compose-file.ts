import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { upstreamVariable, type ServiceRegistry } from '@warriors/kit';
import { ROOT } from './service-wiring';

export interface ComposeContainer {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] };
  restart?: string;
  volumes?: string[];
}

export interface ComposeFile {
  services: Record<string, ComposeContainer>;
}

/** docker-compose.yml as compose reads it: anchors and `<<` merge keys resolved. */
export const readCompose = (file = path.join(ROOT, 'docker-compose.yml')): ComposeFile => parse(readFileSync(file, 'utf8'), { merge: true }) as ComposeFile;

export class MissingVariableError extends Error {}

/**
 * A value with compose's interpolation applied against `hostEnv`: `${VAR}`, `${VAR:-default}`,
 * `${VAR-default}`, `${VAR:?message}` and `${VAR?message}` (which refuse to start without VAR),
 * `${VAR:+word}` and `${VAR+word}` (word when VAR is set, else nothing), `$$`.
 */
export function interpolate(value: string, hostEnv: Record<string, string | undefined>): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])([^}]*))?\}/g, (whole, name?: string, colon?: string, kind?: string, word?: string) => {
    if (whole === '$$') return '$';
    const set = hostEnv[name!];
    const missing = set === undefined || (colon === ':' && set === '');
    if (kind === '+') return missing ? '' : word!;
    if (!missing) return set;
    if (kind === '?') throw new MissingVariableError(`${name}: ${word}`);
    return kind === '-' ? word! : '';
  });
}

/** A container's environment as its process sees it, for a host environment. */
export const environmentOf = (container: ComposeContainer, hostEnv: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(container.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), hostEnv)]));

const dependsOn = (container: ComposeContainer): Record<string, { condition?: string }> =>
  Array.isArray(container.depends_on) ? Object.fromEntries(container.depends_on.map((name) => [name, {}])) : (container.depends_on ?? {});

/** The servers every service process talks to. */
export const SERVERS = ['postgres', 'nats', 'redis'];

/**
 * Every line docker-compose.yml lacks for the registry's services and the gateway: one line per gap,
 * naming what to add (docs/adding-a-service.md).
 */
export function composeGaps(registry: ServiceRegistry, compose: ComposeFile): string[] {
  const gaps: string[] = [];
  const gateway = compose.services.gateway;
  if (!gateway) return ['docker-compose.yml: no service gateway'];
  const waitsFor = (container: ComposeContainer, name: string) => dependsOn(container)[name]?.condition === 'service_healthy';

  for (const { name, port } of registry.services) {
    const own = compose.services[name];
    if (!own) gaps.push(`docker-compose.yml: no service ${name}`);
    else {
      const entryPoint = `services/${name}/dist/main.js`;
      if (own.command?.join(' ') !== `node ${entryPoint}`) gaps.push(`docker-compose.yml: service ${name} does not run ['node', '${entryPoint}']`);
      if (own.environment?.PORT !== String(port)) gaps.push(`docker-compose.yml: service ${name} lacks PORT: '${port}'`);
      for (const server of SERVERS.filter((server) => !waitsFor(own, server))) gaps.push(`docker-compose.yml: service ${name} does not wait for ${server} to be healthy`);
    }
    if (gateway.environment?.[upstreamVariable(name)] !== `http://${name}:${port}`)
      gaps.push(`docker-compose.yml: gateway lacks ${upstreamVariable(name)}: http://${name}:${port}`);
    if (!waitsFor(gateway, name)) gaps.push(`docker-compose.yml: gateway's depends_on lacks ${name}: { condition: service_healthy }`);
  }
  return gaps;
}
