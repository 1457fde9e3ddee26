import { modelSettings } from '@warriors/coaching';
import { loadConfig, upstreamVariable } from '@warriors/kit';
import { vapidKeys } from '@warriors/social';
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

  it.each([
    ['stack', GatewayEnv, UPSTREAMS],
    ['embedded', EmbeddedEnv, {}],
  ])('reads PROMO_URL in %s mode: an http(s) URL, empty or unset for none, anything else refused by name', (_mode, schema, env) => {
    expect(loadConfig(schema, { ...env, PROMO_URL: 'https://offers.example.org/automation' }).PROMO_URL).toBe('https://offers.example.org/automation');
    expect(loadConfig(schema, { ...env, PROMO_URL: '' }).PROMO_URL).toBeUndefined();
    expect(loadConfig(schema, env).PROMO_URL).toBeUndefined();
    expect(() => loadConfig(schema, { ...env, PROMO_URL: 'javascript:alert(1)' })).toThrow(/^Invalid configuration: PROMO_URL: PROMO_URL must be an http\(s\) URL/);
  });

  it('reads COACHING_ENABLED in stack mode: true or false, empty or unset for false, anything else refused by name', () => {
    expect(loadConfig(GatewayEnv, { ...UPSTREAMS, COACHING_ENABLED: 'true' }).COACHING_ENABLED).toBe(true);
    expect(loadConfig(GatewayEnv, { ...UPSTREAMS, COACHING_ENABLED: 'false' }).COACHING_ENABLED).toBe(false);
    expect(loadConfig(GatewayEnv, { ...UPSTREAMS, COACHING_ENABLED: '' }).COACHING_ENABLED).toBe(false);
    expect(loadConfig(GatewayEnv, UPSTREAMS).COACHING_ENABLED).toBe(false);
    expect(() => loadConfig(GatewayEnv, { ...UPSTREAMS, COACHING_ENABLED: 'yes' })).toThrow(/^Invalid configuration: COACHING_ENABLED: COACHING_ENABLED must be true or false/);
  });

  it('reads the coaching model server’s variables and request limit in embedded mode, as the coaching process does (none: not configured)', () => {
    const env = {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
      OPENAI_MODEL: 'coach-model',
      COACHING_MODEL_TIMEOUT_MS: '5000',
      COACHING_REQUESTS_PER_MINUTE: '40',
    };
    expect(modelSettings(loadConfig(EmbeddedEnv, env))).toEqual({
      apiKey: 'sk-test',
      baseURL: 'http://127.0.0.1:9999/v1',
      model: 'coach-model',
      timeoutMs: 5000,
      requestsPerMinute: 40,
    });
    expect(modelSettings(loadConfig(EmbeddedEnv, { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }))).toEqual({
      apiKey: undefined,
      baseURL: undefined,
      model: 'gpt-4o-mini',
      timeoutMs: 20_000,
      requestsPerMinute: 20,
    });
    expect(() => loadConfig(EmbeddedEnv, { OPENAI_BASE_URL: 'not a url' })).toThrow('OPENAI_BASE_URL');
  });

  it('reads the VAPID keys in embedded mode, as the social process does: all three or none, each checked by name', () => {
    // Shaped like `npx web-push generate-vapid-keys` output; made up, not a key in use anywhere.
    const keys = { VAPID_PUBLIC_KEY: 'B'.padEnd(87, 'x'), VAPID_PRIVATE_KEY: 'p'.padEnd(43, '_'), VAPID_SUBJECT: 'mailto:ops@example.com' };
    expect(vapidKeys(loadConfig(EmbeddedEnv, keys))).toEqual({ publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY, subject: 'mailto:ops@example.com' });
    expect(vapidKeys(loadConfig(EmbeddedEnv, {}))).toBeUndefined();
    expect(vapidKeys(loadConfig(EmbeddedEnv, { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' }))).toBeUndefined();
    expect(() => loadConfig(EmbeddedEnv, { ...keys, VAPID_SUBJECT: undefined })).toThrow('set all three or none');
    expect(() => loadConfig(EmbeddedEnv, { ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY: VAPID_PRIVATE_KEY must be 43 base64url characters/);
    expect(() => loadConfig(EmbeddedEnv, { ...keys, VAPID_PUBLIC_KEY: 'B'.padEnd(87, '+') })).toThrow(/VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY must be base64url/);
    expect(() => loadConfig(EmbeddedEnv, { ...keys, VAPID_SUBJECT: 'http://example.com' })).toThrow('VAPID_SUBJECT must be a mailto: address or an https URL');
  });
});
