import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { loadConfig, loadServiceRegistry, ServiceProcessEnv, type ServiceRegistry } from '@warriors/kit';
import { GatewayEnv } from '../../gateway/src/config';
import { ModelEnv } from '../../services/coaching/src/config';
import { composeGaps, environmentOf, interpolate, MissingVariableError, readCompose, SERVERS, type ComposeFile } from './compose-file';
import { ROOT } from './service-wiring';

const registry = loadServiceRegistry();
const compose = readCompose();
const containers = Object.entries(compose.services);
/** What a user exports before `docker compose up` (the file's first lines). */
const HOST_ENV = { JWT_SECRET: 'k'.repeat(48), POSTGRES_PASSWORD: '0123456789abcdef0123456789abcdef' };

/** The schemas a service process parses its environment with: kit's, and every one its src/config.ts exports. */
async function schemasOf(service: string): Promise<z.ZodObject[]> {
  const config = path.join(ROOT, 'services', service, 'src', 'config.ts');
  if (!existsSync(config)) return [ServiceProcessEnv];
  const exports = (await import(config)) as Record<string, unknown>;
  return [ServiceProcessEnv, ...Object.values(exports).filter((value): value is z.ZodObject => typeof value === 'object' && value !== null && 'shape' in value)];
}

const problemsWith = (schema: z.ZodObject, env: Record<string, string>) => {
  const parsed = schema.safeParse(env);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('docker-compose.yml', () => {
  it('runs every registry service on its port after the servers are healthy, and the gateway in front of them all', () => {
    expect(composeGaps(registry, compose)).toEqual([]);
  });

  it('names what a new service would forget', () => {
    const withThrowaway: ServiceRegistry = { ...registry, services: [...registry.services, { name: 'throwaway', port: 4999, answersLogEffects: false }] };
    const noAuthPort: ComposeFile = { services: { ...compose.services, auth: { ...compose.services.auth, environment: { ...compose.services.auth!.environment, PORT: '4999' } } } };
    expect(composeGaps(withThrowaway, noAuthPort)).toEqual([
      "docker-compose.yml: service auth lacks PORT: '4001'",
      'docker-compose.yml: no service throwaway',
      'docker-compose.yml: gateway lacks THROWAWAY_URLS: http://throwaway:4999',
      "docker-compose.yml: gateway's depends_on lacks throwaway: { condition: service_healthy }",
    ]);
  });

  it('gives every service process each variable its configuration requires, valid', async () => {
    for (const { name } of registry.services) {
      const env = environmentOf(compose.services[name]!, HOST_ENV);
      for (const variable of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'JWT_SECRET']) expect([name, env[variable]]).toEqual([name, expect.any(String)]);
      const problems = (await schemasOf(name)).flatMap((schema) => problemsWith(schema, env));
      expect([name, problems]).toEqual([name, []]);
    }
    expect(problemsWith(GatewayEnv, environmentOf(compose.services.gateway!, HOST_ENV))).toEqual([]);
  });

  it('refuses to start without JWT_SECRET or POSTGRES_PASSWORD: no secret has a default', () => {
    for (const secret of Object.keys(HOST_ENV)) {
      const without = { ...HOST_ENV, [secret]: undefined };
      const refusing = containers.filter(([, container]) => {
        try {
          environmentOf(container, without);
          return false;
        } catch (error) {
          return error instanceof MissingVariableError && error.message.startsWith(`${secret}:`);
        }
      });
      expect(refusing.length).toBeGreaterThan(0);
    }
    const withDefaults = containers.flatMap(([name, container]) =>
      Object.entries(container.environment ?? {})
        .filter(([, value]) => /\$\{(JWT_SECRET|POSTGRES_PASSWORD)(:?-|\})/.test(String(value)))
        .map(([variable]) => `${name}.${variable}`),
    );
    expect(withDefaults).toEqual([]);
  });

  it('keeps the secrets from the gateway, which checks no token and opens no database, and trusts no proxy header there', () => {
    const variables = Object.keys(compose.services.gateway!.environment ?? {});
    expect(variables).not.toContain('JWT_SECRET');
    expect(variables).not.toContain('DATABASE_URL');
    // Published directly (ports: 8080), so it trusts no X-Forwarded-For (docs/operations.md, "Login limits").
    expect(compose.services.gateway!.environment?.TRUST_PROXY_HOPS).toBe('0');
  });

  it('passes the model server’s settings (OPENAI_*) through to coaching from the host, unset when the host has none', () => {
    const coaching = compose.services.coaching!;
    for (const variable of Object.keys(ModelEnv.shape).filter((name) => name.startsWith('OPENAI_')))
      expect([variable, coaching.environment?.[variable]]).toEqual([variable, `\${${variable}:-}`]);
    expect(environmentOf(coaching, { ...HOST_ENV, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-test' })).toMatchObject({ OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-test' });
    // The gateway is told coaching is on exactly when coaching has its key, never the key itself.
    const gateway = compose.services.gateway!;
    expect(loadConfig(GatewayEnv, environmentOf(gateway, HOST_ENV)).COACHING_ENABLED).toBe(false);
    expect(loadConfig(GatewayEnv, environmentOf(gateway, { ...HOST_ENV, OPENAI_API_KEY: 'sk-test' })).COACHING_ENABLED).toBe(true);
    expect(Object.values(environmentOf(gateway, { ...HOST_ENV, OPENAI_API_KEY: 'sk-test' }))).not.toContain('sk-test');
  });

  it('pins every image to an exact release, NATS at 2.10.23 or later', () => {
    const images = containers.filter(([, container]) => container.image).map(([name, container]) => [name, container.image!] as const);
    expect(images.map(([name]) => name).sort()).toEqual([...SERVERS].sort());
    for (const [name, image] of images) expect([name, image]).toEqual([name, expect.stringMatching(/^[a-z0-9/.-]+:\d+\.\d+(\.\d+)?(-[a-z0-9.]+)?$/)]);
    const [major, minor, patch] = compose.services.nats!.image!.split(':')[1]!.split(/[.-]/).map(Number) as [number, number, number];
    expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(2_010_023);
    for (const [name, container] of containers.filter(([, container]) => !container.image))
      expect([name, container.build]).toEqual([name, { context: '.', dockerfile: 'deploy/Dockerfile' }]);
  });

  it('checks every container’s health and restarts every container', () => {
    for (const [name, container] of containers) {
      expect([name, container.restart]).toEqual([name, 'unless-stopped']);
      expect([name, container.healthcheck?.test?.[0]]).toEqual([name, expect.stringMatching(/^CMD(-SHELL)?$/)]);
    }
    const readyCheck = compose.services.gateway!.healthcheck!.test!.join(' ');
    expect(readyCheck).toContain("'/readyz'");
    expect(readyCheck).toContain('process.env.PORT');
    for (const { name } of registry.services) expect([name, compose.services[name]!.healthcheck]).toEqual([name, compose.services.gateway!.healthcheck]);
    expect(compose.services.nats!.healthcheck!.test).toContain('http://127.0.0.1:8222/healthz?js-enabled-only=true');
  });

  it('runs JetStream from deploy/nats/nats.conf, syncing every write to disk on the data volume', () => {
    const nats = compose.services.nats!;
    expect(nats.volumes).toEqual(expect.arrayContaining(['./deploy/nats/nats.conf:/etc/nats/nats.conf:ro', 'natsdata:/data']));
    expect(nats.command).toEqual(['--config', '/etc/nats/nats.conf']);
    const config = readFileSync(path.join(ROOT, 'deploy/nats/nats.conf'), 'utf8').replace(/#.*$/gm, '');
    const jetstream = /jetstream\s*\{([^}]*)\}/.exec(config)?.[1] ?? '';
    expect(jetstream).toMatch(/^\s*sync_interval:\s*always\s*$/m);
    expect(jetstream).toMatch(/^\s*store_dir:\s*\/data\s*$/m);
    expect(config).toMatch(/^\s*http_port:\s*8222\s*$/m);
  });
});

describe('compose interpolation as the test reads it', () => {
  it('substitutes, defaults and refuses like compose', () => {
    expect(interpolate('a ${X} b ${Y:-dflt} ${Z-} $$HOME', { X: '1', Y: '' })).toBe('a 1 b dflt  $HOME');
    expect(() => interpolate('${S:?set S}', { S: '' })).toThrow('S: set S');
    expect(interpolate('${S?set S}', { S: '' })).toBe('');
    expect([interpolate('${K:+on}', { K: 'x' }), interpolate('${K:+on}', { K: '' }), interpolate('${K+on}', { K: '' }), interpolate('${K:+on}', {})]).toEqual(['on', '', 'on', '']);
  });
});
