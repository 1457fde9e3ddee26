import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { loadServiceRegistry, ServiceProcessEnv } from '@warriors/kit';
import { EmbeddedEnv, GatewayEnv } from '../../gateway/src/config';
import { ROOT } from './service-wiring';

const SOURCE_FOLDERS = ['packages', 'services', 'gateway', 'scripts', 'test'];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return ['node_modules', 'dist'].includes(entry) ? [] : sourcesUnder(full);
    return /\.(ts|js)$/.test(entry) ? [full] : [];
  });
}

/** Every environment schema a process reads at start: kit's, the gateway's and each service's src/config.ts. */
async function schemaVariables(): Promise<string[]> {
  const schemas: z.ZodObject[] = [ServiceProcessEnv, GatewayEnv, EmbeddedEnv];
  for (const service of readdirSync(path.join(ROOT, 'services'))) {
    const config = path.join(ROOT, 'services', service, 'src', 'config.ts');
    if (!statSync(config, { throwIfNoEntry: false })) continue;
    const exports = (await import(config)) as Record<string, unknown>;
    schemas.push(...Object.values(exports).filter((value): value is z.ZodObject => typeof value === 'object' && value !== null && 'shape' in value));
  }
  return schemas.flatMap((schema) => Object.keys(schema.shape));
}

/** Every variable the sources read from process.env by name. */
function readVariables(): string[] {
  const files = SOURCE_FOLDERS.flatMap((folder) => sourcesUnder(path.join(ROOT, folder)));
  return files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!));
}

/** One service's variable (AUTH_URLS) is documented once for all (<SERVICE>_URLS). */
const SERVICE_VARIABLE = new RegExp(
  `^(${loadServiceRegistry()
    .services.map((service) => service.name.toUpperCase())
    .join('|')})_(URLS|PORT)$`,
);

/**
 * What a script hands the child processes it starts itself (the bench's bare route and the services its
 * activity waits for, a supervisor test's probe), and what jest sets for each of its workers
 * (test-support's port bands): no one sets them by hand.
 */
const INTERNAL = ['BARE_URL', 'BENCH_EFFECT_SOURCES', 'READY_FILE', 'JEST_WORKER_ID'];

describe('the README’s configuration tables', () => {
  it('document every environment variable the code reads', async () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([^|]+)` \|/gm)].flatMap((row) => row[1]!.split(/`, `/)));
    // scripts/start.js builds <SERVICE>_PORT from each registry name, so no source spells it out.
    const variables = new Set([...(await schemaVariables()), ...readVariables(), '<SERVICE>_PORT'].map((name) => name.replace(SERVICE_VARIABLE, '<SERVICE>_$2')));
    expect([...variables].filter((name) => !documented.has(name) && !INTERNAL.includes(name)).sort()).toEqual([]);
  });
});
