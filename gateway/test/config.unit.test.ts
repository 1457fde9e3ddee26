import { loadConfig, upstreamVariable } from '@warriors/kit';
import { EmbeddedEnv, GatewayEnv, upstreamsFrom } from '../src/config';
import { SERVICE_NAMES } from '../src/route-table';

const UPSTREAMS = Object.fromEntries(SERVICE_NAMES.map((name) => [upstreamVariable(name), `http://${name}`]));

describe('the gateway’s environment', () => {
  it('needs every registry service’s instances, naming the missing variable', () => {
    expect(() => loadConfig(GatewayEnv, { ...UPSTREAMS, CAMPAIGNS_URLS: undefined })).toThrow('CAMPAIGNS_URLS');
    expect(upstreamsFrom(loadConfig(GatewayEnv, UPSTREAMS))).toMatchObject({ auth: ['http://auth'], campaigns: ['http://campaigns'] });
  });

  it.each([
    ['stack', GatewayEnv, UPSTREAMS],
    ['embedded', EmbeddedEnv, {}],
  ])('refuses a wrong LOG_LEVEL in %s mode, naming it', (_mode, schema, env) => {
    expect(() => loadConfig(schema, { ...env, LOG_LEVEL: 'loud' })).toThrow(/^Invalid configuration: LOG_LEVEL: /);
  });
});
