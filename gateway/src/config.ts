import path from 'node:path';
import { z } from 'zod';
import { ModelEnv } from '@warriors/coaching';
import { MailEnv } from '@warriors/mail';
import { checkVapidEnv, PushEnvShape } from '@warriors/social';
import { checkRedisEnv, logLevel, optionalSecret, port, redisEnvShape, unsetWhenEmpty, upstreamVariable } from '@warriors/kit';
import { SERVICE_NAMES, type ServiceName } from './route-table';
import { parseUrlList } from './upstream-pool';

export const DEFAULT_WEB_DIST = path.resolve(__dirname, '../../web/dist');

const common = {
  PORT: port(8080),
  HOST: z.string().default('0.0.0.0'),
  WEB_DIST: z.string().default(DEFAULT_WEB_DIST),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  LOG_LEVEL: logLevel,
  /** Unset, the gateway serves no /metrics: it faces the internet, so its metrics need a bearer token. */
  METRICS_TOKEN: optionalSecret('METRICS_TOKEN'),
  /** The external automation offer the promo banners link to; unset, the banners are hidden. */
  PROMO_URL: unsetWhenEmpty(z.url({ protocol: /^https?$/, message: 'PROMO_URL must be an http(s) URL' }).optional()),
};

/** Stack mode: every service's instances come from <SERVICE>_URLS, e.g. AUTH_URLS=http://10.0.0.5:4001,http://10.0.0.6:4001 */
export const GatewayEnv = z
  .object({
    ...common,
    /**
     * Whether the coaching service has its model (OPENAI_API_KEY, which the gateway is not given): the
     * browser offers the plan only then. Embedded, the product knows it from its own key.
     */
    COACHING_ENABLED: unsetWhenEmpty(z.enum(['true', 'false'], { message: 'COACHING_ENABLED must be true or false' }).default('false')).transform((value) => value === 'true'),
    ...redisEnvShape,
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [upstreamVariable(name), z.string().min(1, `${upstreamVariable(name)} is required`)])),
  })
  .superRefine(checkRedisEnv);

export function upstreamsFrom(env: Record<string, unknown>): Record<ServiceName, string[]> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, parseUrlList(String(env[upstreamVariable(name)]))])) as Record<ServiceName, string[]>;
}

/** Embedded mode: one process, data under DATA_DIR; a JWT secret is made and kept there when none is given. */
export const EmbeddedEnv = z
  .object({
    ...common,
    DATA_DIR: z.string().default('./data'),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    JWT_SECRET_PREVIOUS: optionalSecret('JWT_SECRET_PREVIOUS'),
    JWT_TTL_SECONDS: z.coerce.number().int().positive().optional(),
    // The coaching service's model server, read as its own process reads them.
    ...ModelEnv.shape,
    // Web Push's VAPID keys, optional as in the stack: none, push is off.
    ...PushEnvShape,
    // Mail: no SMTP_URL, each mail an .eml file under DATA_DIR/mail; no PUBLIC_URL, links point at this process.
    ...MailEnv.shape,
  })
  .superRefine(checkVapidEnv);
