import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServiceRegistry } from '@warriors/kit';

export const ROOT = path.resolve(__dirname, '../..');

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const readJson = (file: string) => JSON.parse(read(file)) as Record<string, unknown>;

export interface WiringInputs {
  registry: ServiceRegistry;
  /** The services gateway/src/services.ts can build in the embedded process. */
  embeddedFactories: readonly string[];
  /** The effect sources the contracts accept (ActivityEffects.source). */
  contractEffectSources: readonly string[];
}

/**
 * Every place outside a service's own folder that must name it, and does not: one line per gap,
 * naming the file and what to add (docs/adding-a-service.md walks through them). docker-compose.yml
 * has its own: composeGaps in compose-file.ts.
 */
export function wiringGaps({ registry, embeddedFactories, contractEffectSources }: WiringInputs): string[] {
  const gaps: string[] = [];
  const workspaces = readJson('package.json').workspaces as string[];
  const references = (file: string) => (readJson(file).references as Array<{ path: string }>).map((reference) => reference.path);
  const gatewayDependencies = Object.keys(readJson('gateway/package.json').dependencies as object);
  const dockerfile = read('deploy/Dockerfile');

  for (const { name, answersLogEffects } of registry.services) {
    const folder = `services/${name}`;
    if (!existsSync(path.join(ROOT, folder, 'src/main.ts'))) gaps.push(`${folder}/src/main.ts: missing (the service's process entry point)`);
    else if (readJson(`${folder}/package.json`).name !== `@warriors/${name}`) gaps.push(`${folder}/package.json: "name" must be "@warriors/${name}"`);
    if (!workspaces.includes(folder)) gaps.push(`package.json: "workspaces" lacks "${folder}"`);
    if (!references('tsconfig.json').includes(folder)) gaps.push(`tsconfig.json: "references" lacks { "path": "${folder}" }`);
    if (!gatewayDependencies.includes(`@warriors/${name}`)) gaps.push(`gateway/package.json: "dependencies" lacks "@warriors/${name}": "*"`);
    if (!references('gateway/tsconfig.json').includes(`../${folder}`)) gaps.push(`gateway/tsconfig.json: "references" lacks { "path": "../${folder}" }`);
    if (!embeddedFactories.includes(name)) gaps.push(`gateway/src/services.ts: SERVICES lacks ${name} (how embedded mode builds it)`);
    if (!dockerfile.includes(`COPY ${folder}/package.json ${folder}/`)) gaps.push(`deploy/Dockerfile: lacks COPY ${folder}/package.json ${folder}/`);
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
