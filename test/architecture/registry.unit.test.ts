import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ActivityEffects } from '@warriors/contracts';
import { effectSourcesOf, loadServiceRegistry, type ServiceRegistry } from '@warriors/kit';
import { SERVICES } from '../../gateway/src/services';
import { ROUTES, SERVICE_NAMES } from '../../gateway/src/route-table';
import { wiringGaps } from './service-wiring';

const registry = loadServiceRegistry();
const embeddedFactories = Object.keys(SERVICES);
const contractEffectSources = ActivityEffects.shape.source.options;

// A service that is not wired everywhere runs in one mode and silently not in the other.
describe('the service registry', () => {
  it('lists the product’s services, campaigns included, and the gateway routes to each of them', () => {
    expect(SERVICE_NAMES).toEqual(expect.arrayContaining(['auth', 'activity', 'gamification', 'campaigns']));
    expect(new Set(ROUTES.map((route) => route.service))).toEqual(new Set(SERVICE_NAMES));
  });

  it('marks the services a log waits for, gamification and campaigns among them', () => {
    expect(effectSourcesOf(registry)).toEqual(expect.arrayContaining(['gamification', 'campaigns']));
  });

  it('is wired everywhere a service must be named outside its folder', () => {
    expect(wiringGaps({ registry, embeddedFactories, contractEffectSources })).toEqual([]);
  });

  it('names every place a new service would forget', () => {
    const throwaway: ServiceRegistry = {
      ...registry,
      services: [...registry.services, { name: 'throwaway', port: 4999, answersLogEffects: true }],
    };
    expect(wiringGaps({ registry: throwaway, embeddedFactories, contractEffectSources })).toEqual([
      "services/throwaway/src/main.ts: missing (the service's process entry point)",
      'package.json: "workspaces" lacks "services/throwaway"',
      'tsconfig.json: "references" lacks { "path": "services/throwaway" }',
      'gateway/package.json: "dependencies" lacks "@warriors/throwaway": "*"',
      'gateway/tsconfig.json: "references" lacks { "path": "../services/throwaway" }',
      'gateway/src/services.ts: SERVICES lacks throwaway (how embedded mode builds it)',
      'deploy/Dockerfile: lacks COPY services/throwaway/package.json services/throwaway/',
      "packages/contracts/src/gamification.ts: ActivityEffects.source lacks 'throwaway' (activity would drop its answers)",
    ]);
  });

  it('names a service folder the registry forgot, and a factory for a service it does not list', () => {
    const withoutCampaigns: ServiceRegistry = { ...registry, services: registry.services.filter((service) => service.name !== 'campaigns') };
    expect(wiringGaps({ registry: withoutCampaigns, embeddedFactories, contractEffectSources })).toEqual([
      'services.registry.json: no entry for services/campaigns',
      'gateway/src/services.ts: SERVICES builds campaigns, which services.registry.json does not list',
    ]);
  });

  describe('refuses a wrong registry, naming the entry', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const load = (content: object) => {
      const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(file, JSON.stringify(content));
      return () => loadServiceRegistry(file);
    };

    it.each([
      ['a route to an unlisted service', { services: [{ name: 'auth', port: 1 }], routes: [{ service: 'social', prefix: '/api/feed' }] }, 'a route names social'],
      [
        'a service listed twice',
        {
          services: [
            { name: 'auth', port: 1 },
            { name: 'auth', port: 2 },
          ],
          routes: [],
        },
        'service auth is listed twice',
      ],
      [
        'two services on one port',
        {
          services: [
            { name: 'auth', port: 1 },
            { name: 'social', port: 1 },
          ],
          routes: [],
        },
        'port 1 is given to two services',
      ],
      ['a name that is no package or variable', { services: [{ name: 'Social-Feed', port: 1 }], routes: [] }, 'services.0.name'],
      ['a route outside /api', { services: [{ name: 'auth', port: 1 }], routes: [{ service: 'auth', prefix: '/admin' }] }, 'routes.0'],
      [
        'two owners of the live socket',
        {
          services: [
            { name: 'auth', port: 1, websocket: '/ws' },
            { name: 'social', port: 2, websocket: '/live' },
          ],
          routes: [],
        },
        'only one service may own the live socket',
      ],
      ['a socket path that is no path', { services: [{ name: 'social', port: 1, websocket: 'ws' }], routes: [] }, 'services.0.websocket'],
    ])('%s', (_case, content, message) => {
      expect(load(content)).toThrow(message);
    });
  });
});
