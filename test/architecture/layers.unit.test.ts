import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function filesUnder(dir: string): string[] {
  let found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found = found.concat(filesUnder(full));
    else if (full.endsWith('.ts')) found.push(full);
  }
  return found;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import|require\()\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

const services = readdirSync(path.join(ROOT, 'services')).filter((name) => statSync(path.join(ROOT, 'services', name, 'src')).isDirectory());

// Domain code is pure: no frameworks, no I/O, no reaching into the layers that do I/O.
const FORBIDDEN_IN_DOMAIN = [/^express$/, /^pg$/, /^kysely$/, /^ioredis$/, /^@nats-io\//, /^node:(fs|http|net|child_process)/, /^@warriors\/kit$/, /\/(routes|store|events)\//];

describe.each(services)('service %s', (service) => {
  const src = path.join(ROOT, 'services', service, 'src');

  it('keeps its domain free of frameworks and I/O', () => {
    const domain = path.join(src, 'domain');
    const offenders = (statSync(domain, { throwIfNoEntry: false })?.isDirectory() ? filesUnder(domain) : []).flatMap((file) =>
      importsOf(file)
        .filter((spec) => FORBIDDEN_IN_DOMAIN.some((rule) => rule.test(spec)))
        .map((spec) => `${path.relative(ROOT, file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('never imports another service', () => {
    const others = services.filter((s) => s !== service);
    const offenders = filesUnder(src).flatMap((file) =>
      importsOf(file)
        .filter((spec) => others.some((other) => spec === `@warriors/${other}` || spec.includes(`services/${other}/`)))
        .map((spec) => `${path.relative(ROOT, file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });
});

// A service folder that is not wired everywhere runs in one mode and silently not in the other.
describe('every service is wired', () => {
  const root = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

  it('finds the services, campaigns included', () => {
    expect(services).toEqual(expect.arrayContaining(['auth', 'activity', 'gamification', 'campaigns']));
  });

  it.each(services)('%s is a workspace, a project reference, a gateway service and a compose service', (service) => {
    expect(JSON.parse(root('package.json')).workspaces).toContain(`services/${service}`);
    expect(JSON.parse(root('tsconfig.json')).references).toContainEqual({ path: `services/${service}` });
    expect(root('gateway/src/route-table.ts')).toContain(`'${service}'`);
    expect(root('gateway/src/services.ts')).toMatch(new RegExp(`^\\s+${service}: \\{`, 'm'));
    expect(root('docker-compose.yml')).toContain(`services/${service}/dist/main.js`);
    expect(root('deploy/Dockerfile')).toContain(`services/${service}/package.json`);
    expect(root('jest.config.js')).toMatch(new RegExp(`\\|${service}[|)]|\\(${service}\\|`));
  });
});
