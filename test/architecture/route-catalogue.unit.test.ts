import { createLogger, createMemoryBus, createMetrics, createPostgresDatabase, createTokenSigner, systemClock } from '@warriors/kit';
import { SERVICE_NAMES, serviceFor } from '@warriors/gateway';
import { SERVICES } from '../../gateway/src/services';
import { ENDPOINTS, endpointName } from '../support/fuzz/catalogue';
import { registeredRoutes } from '../support/fuzz/registered-routes';
import { TEST_MAIL_SETTINGS } from '@warriors/test-support';

/** A concrete path for a template, to ask the gateway's route table who answers it. */
const concrete = (path: string) => path.replace(/:[a-z_]+/gi, '7');

describe('the fuzzer’s endpoint catalogue', () => {
  // Building a service only wires its routes; the pool never connects because nothing is queried.
  const database = createPostgresDatabase('postgres://postgres@127.0.0.1:5432/postgres', 1);
  const bus = createMemoryBus();
  const metrics = createMetrics();
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  const registered = SERVICE_NAMES.flatMap((service) => {
    const built = SERVICES[service].create({
      mail: TEST_MAIL_SETTINGS,
      database,
      bus,
      clock: systemClock,
      logger: createLogger(service, 'silent'),
      tokens: createTokenSigner('x'.repeat(32), 60),
      metrics: metrics.forService(service),
    });
    return registeredRoutes(built.app)
      .filter((route) => route.path.startsWith('/api/'))
      .map((route) => ({ ...route, service }));
  });

  it('lists every /api route a service registers, so none escapes the fuzz test', () => {
    const catalogued = new Set(ENDPOINTS.map((e) => `${e.service} ${endpointName(e)}`));
    const missing = registered.filter((route) => !catalogued.has(`${route.service} ${endpointName(route)}`)).map((r) => `${r.service} ${endpointName(r)}`);
    expect(missing).toEqual([]);
  });

  it('lists only routes that exist, each behind the service the gateway sends it to', () => {
    const served = new Set(registered.map((route) => `${route.service} ${endpointName(route)}`));
    const proxied = ENDPOINTS.filter((e) => e.service !== 'gateway');
    expect(proxied.filter((e) => !served.has(`${e.service} ${endpointName(e)}`)).map(endpointName)).toEqual([]);
    expect(proxied.filter((e) => serviceFor(concrete(e.path)) !== e.service).map(endpointName)).toEqual([]);
  });

  it('lists the gateway’s own routes outside the route table, so no service is sent them', () => {
    expect(ENDPOINTS.filter((e) => e.service === 'gateway' && serviceFor(concrete(e.path)) !== null).map(endpointName)).toEqual([]);
  });
});
