import { upstreamVariable, type ServiceRegistry } from '@warriors/kit';

/**
 * Instance k of a service listens this many ports above instance k-1: the registry's ports are
 * consecutive (4001, 4002, ...), so a step of one would put activity's second instance on
 * gamification's port.
 */
export const INSTANCE_PORT_STEP = 100;
/** More than this many processes of one service on one machine is a typo, not a plan. */
export const MAX_INSTANCES = 16;

/** One service process `npm run stack` starts: `activity`, then `activity-2`, `activity-3`... */
export interface PlannedInstance {
  name: string;
  service: string;
  port: number;
}

export interface StackPlan {
  instances: PlannedInstance[];
  /** The gateway's `<SERVICE>_URLS`, every instance of each service (a value already set in the environment wins). */
  upstreams: Record<string, string>;
}

/** A variable of `npm run stack` that is wrong: the message names it, and nothing has started. */
export class StackConfigError extends Error {}

const invalid = (variable: string, problem: string): StackConfigError => new StackConfigError(`Invalid configuration: ${variable}: ${problem}`);

/** "activity=3,gamification=2" -> { activity: 3, gamification: 2 }; every service left out runs once. */
export function parseStackInstances(text: string | undefined, registry: ServiceRegistry): Record<string, number> {
  const counts: Record<string, number> = {};
  if (text === undefined || text.trim() === '') return counts;
  const names = registry.services.map((service) => service.name);
  for (const entry of text.split(',').map((part) => part.trim())) {
    const match = /^([a-z0-9]+)=(\d+)$/.exec(entry);
    if (!match) throw invalid('STACK_INSTANCES', `expected service=count pairs separated by commas (e.g. activity=3,gamification=2), got "${entry}"`);
    const [, name, count] = match as unknown as [string, string, string];
    if (!names.includes(name)) throw invalid('STACK_INSTANCES', `"${name}" is not a service (one of ${names.join(', ')})`);
    if (name in counts) throw invalid('STACK_INSTANCES', `${name} is given twice`);
    const instances = Number(count);
    if (instances < 1 || instances > MAX_INSTANCES) throw invalid('STACK_INSTANCES', `${name}'s count must be 1-${MAX_INSTANCES}, got ${count}`);
    counts[name] = instances;
  }
  return counts;
}

/** <SERVICE>_PORT moves one service off its registry port. */
function basePort(env: NodeJS.ProcessEnv, service: string, registryPort: number): number {
  const variable = `${service.toUpperCase()}_PORT`;
  const text = env[variable];
  if (text === undefined) return registryPort;
  const port = Number(text);
  if (Number.isInteger(port) && port > 0 && port <= 65535) return port;
  throw invalid(variable, `expected a port number (1-65535), got "${text}"`);
}

/**
 * Every service process of `npm run stack` and the gateway's pools, from STACK_INSTANCES and the
 * <SERVICE>_PORT variables: instance k of a service listens on its port + (k-1)·INSTANCE_PORT_STEP.
 * Two processes given the same port (or the gateway's) stop the plan, naming the variables.
 */
export function planStack(registry: ServiceRegistry, env: NodeJS.ProcessEnv): StackPlan {
  const counts = parseStackInstances(env.STACK_INSTANCES, registry);
  const gatewayPort = Number(env.PORT ?? 8080);
  const taken = new Map<number, string>([[gatewayPort, 'the gateway']]);
  const instances: PlannedInstance[] = [];
  const upstreams: Record<string, string> = {};
  for (const { name: service, port: registryPort } of registry.services) {
    const base = basePort(env, service, registryPort);
    const urls: string[] = [];
    for (let k = 1; k <= (counts[service] ?? 1); k++) {
      const name = k === 1 ? service : `${service}-${k}`;
      const port = base + (k - 1) * INSTANCE_PORT_STEP;
      const variables = `STACK_INSTANCES or ${service.toUpperCase()}_PORT`;
      if (port > 65535) throw invalid(variables, `${name} would listen on port ${port}, past 65535`);
      const holder = taken.get(port);
      if (holder) throw invalid(variables, `${name} would listen on port ${port}, which ${holder} has`);
      taken.set(port, name);
      instances.push({ name, service, port });
      urls.push(`http://127.0.0.1:${port}`);
    }
    upstreams[upstreamVariable(service)] = env[upstreamVariable(service)] ?? urls.join(',');
  }
  return { instances, upstreams };
}
