import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { upstreamVariable, type ServiceRegistry } from '@warriors/kit';

export const ROOT = path.resolve(__dirname, '../..');

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const readJson = (file: string) => JSON.parse(read(file)) as Record<string, unknown>;

/** docker-compose.yml's services, each as the text of its block (the file is plain enough to need no YAML parser). */
export function composeServices(text: string): Map<string, string> {
  const blocks = new Map<string, string>();
  let inServices = false;
  let current: string | undefined;
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) {
      inServices = line.startsWith('services:');
      current = undefined;
      continue;
    }
    const start = inServices ? /^ {2}([a-z0-9-]+):\s*$/.exec(line) : null;
    if (start) blocks.set((current = start[1]!), '');
    else if (current) blocks.set(current, `${blocks.get(current)}${line}\n`);
  }
  return blocks;
}

export interface WiringInputs {
  registry: ServiceRegistry;
  /** The services gateway/src/services.ts can build in the embedded process. */
  embeddedFactories: readonly string[];
  /** The effect sources the contracts accept (ActivityEffects.source). */
  contractEffectSources: readonly string[];
}

/**
 * Every place outside a service's own folder that must name it, and does not: one line per gap,
 * naming the file and what to add (docs/adding-a-service.md walks through them).
 */
export function wiringGaps({ registry, embeddedFactories, contractEffectSources }: WiringInputs): string[] {
  const gaps: string[] = [];
  const workspaces = readJson('package.json').workspaces as string[];
  const references = (file: string) => (readJson(file).references as Array<{ path: string }>).map((reference) => reference.path);
  const gatewayDependencies = Object.keys(readJson('gateway/package.json').dependencies as object);
  const compose = composeServices(read('docker-compose.yml'));
  const gateway = compose.get('gateway') ?? '';
  const dockerfile = read('deploy/Dockerfile');

  for (const { name, port, answersLogEffects } of registry.services) {
    const folder = `services/${name}`;
    if (!existsSync(path.join(ROOT, folder, 'src/main.ts'))) gaps.push(`${folder}/src/main.ts: missing (the service's process entry point)`);
    else if (readJson(`${folder}/package.json`).name !== `@warriors/${name}`) gaps.push(`${folder}/package.json: "name" must be "@warriors/${name}"`);
    if (!workspaces.includes(folder)) gaps.push(`package.json: "workspaces" lacks "${folder}"`);
    if (!references('tsconfig.json').includes(folder)) gaps.push(`tsconfig.json: "references" lacks { "path": "${folder}" }`);
    if (!gatewayDependencies.includes(`@warriors/${name}`)) gaps.push(`gateway/package.json: "dependencies" lacks "@warriors/${name}": "*"`);
    if (!references('gateway/tsconfig.json').includes(`../${folder}`)) gaps.push(`gateway/tsconfig.json: "references" lacks { "path": "../${folder}" }`);
    if (!embeddedFactories.includes(name)) gaps.push(`gateway/src/services.ts: SERVICES lacks ${name} (how embedded mode builds it)`);
    if (!dockerfile.includes(`COPY ${folder}/package.json ${folder}/`)) gaps.push(`deploy/Dockerfile: lacks COPY ${folder}/package.json ${folder}/`);
    const own = compose.get(name);
    if (!own) gaps.push(`docker-compose.yml: no service ${name}`);
    else {
      // YAML quotes either way (Prettier writes single quotes).
      if (!new RegExp(`['"]${folder}/dist/main\\.js['"]`).test(own)) gaps.push(`docker-compose.yml: service ${name} does not run ${folder}/dist/main.js`);
      if (!new RegExp(`PORT: ['"]${port}['"]`).test(own)) gaps.push(`docker-compose.yml: service ${name} lacks PORT: '${port}'`);
    }
    if (!gateway.includes(`${upstreamVariable(name)}: http://${name}:${port}`)) gaps.push(`docker-compose.yml: gateway lacks ${upstreamVariable(name)}: http://${name}:${port}`);
    if (!(/depends_on: \[([^\]]*)\]/.exec(gateway)?.[1] ?? '').split(/,\s*/).includes(name)) gaps.push(`docker-compose.yml: gateway's depends_on lacks ${name}`);
    if (answersLogEffects && !contractEffectSources.includes(name)) {
      gaps.push(`packages/contracts/src/gamification.ts: ActivityEffects.source lacks '${name}' (activity would drop its answers)`);
    }
  }

  const listed = new Set(registry.services.map((service) => service.name));
  for (const folder of readdirSync(path.join(ROOT, 'services')).filter((entry) => existsSync(path.join(ROOT, 'services', entry, 'package.json')))) {
    if (!listed.has(folder)) gaps.push(`services.registry.json: no entry for services/${folder}`);
  }
  for (const name of embeddedFactories.filter((name) => !listed.has(name)))
    gaps.push(`gateway/src/services.ts: SERVICES builds ${name}, which services.registry.json does not list`);
  return gaps;
}
