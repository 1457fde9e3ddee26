import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  createLogger,
  createMemoryBus,
  createMetrics,
  createPgliteDatabase,
  createTokenSigner,
  DEFAULT_TOKEN_TTL_SECONDS,
  listen,
  serverOf,
  type Clock,
  type Logger,
  type LogLevel,
  type RunningServer,
  systemClock,
} from '@warriors/kit';
import type { ModelSettings } from '@warriors/coaching';
import { DEFAULT_MAIL_FROM, type MailSettings } from '@warriors/mail';
import type { VapidKeys } from '@warriors/social';
import { createGateway } from './gateway';
import { SERVICE_NAMES } from './route-table';
import { SERVICES } from './services';
import { UpstreamPool } from './upstream-pool';

export interface EmbeddedOptions {
  port: number;
  host: string;
  /** Where PGlite keeps its files; undefined keeps everything in memory (tests). */
  dataDir: string | undefined;
  webDist?: string;
  jwtSecret?: string;
  /** The secret being rotated out, still accepted for verification (docs/operations.md, "Rotating JWT_SECRET"). */
  jwtSecretPrevious?: string;
  jwtTtlSeconds?: number;
  /** Bearer token of the product's /metrics; none: no /metrics (the product's port faces the network). */
  metricsToken?: string;
  authAttemptsPerMinute: number;
  trustProxyHops?: number;
  clock?: Clock;
  logger?: Logger;
  /** The coaching service's model server (OPENAI_* variables); none: the coaching routes answer 503. */
  model?: ModelSettings;
  /** Web Push's keys (VAPID_* variables); none: push is off and says so. */
  vapid?: VapidKeys | undefined;
  /** The automation offer the promo banners link to (PROMO_URL); none: no banners. */
  promoUrl?: string;
  /** SMTP_URL, MAIL_FROM and PUBLIC_URL; without SMTP_URL every mail is an .eml file under DATA_DIR/mail, without PUBLIC_URL links point at the product's own address. */
  mail?: { smtpUrl?: string; from?: string; publicUrl?: string };
}

export interface EmbeddedProduct {
  url: string;
  close(): Promise<void>;
}

/**
 * The whole product in one process: PGlite, the in-process bus, every service on a loopback port
 * and the gateway in front — the same code and the same route table as the stack.
 */
export async function startEmbedded(options: EmbeddedOptions): Promise<EmbeddedProduct> {
  const logger = options.logger ?? createLogger('warriors');
  // Each part logs as itself, at the product's level: a child logger would repeat the `service` key.
  const loggerOf = (part: string) => createLogger(part, logger.level as LogLevel);
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const database = await createPgliteDatabase(options.dataDir ? path.join(options.dataDir, 'pg') : undefined);
  const bus = createMemoryBus();
  const tokens = createTokenSigner(options.jwtSecret ?? (await embeddedSecret(options.dataDir)), options.jwtTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS, options.jwtSecretPrevious);
  // One registry for the whole process: every service's series carry its name, the gateway's too.
  const metrics = createMetrics({ token: options.metricsToken });
  metrics.watchConsumers(() => bus.consumerStates());
  const clock = options.clock ?? systemClock;

  let ownUrl = '';
  const mail: MailSettings = {
    smtpUrl: options.mail?.smtpUrl,
    from: options.mail?.from ?? DEFAULT_MAIL_FROM,
    mailDir: path.join(options.dataDir ?? path.join(os.tmpdir(), 'warriors-embedded'), 'mail'),
    publicUrl: options.mail?.publicUrl ?? (() => ownUrl),
  };
  const running: Array<{ stop(): Promise<void>; server: RunningServer }> = [];
  const pools: Record<string, UpstreamPool> = {};
  for (const name of SERVICE_NAMES) {
    const factory = SERVICES[name];
    if (!factory) throw new Error(`${name} is in the service registry but has no embedded factory in gateway/src/services.ts`);
    const service = factory.create({ database, bus, clock, tokens, metrics: metrics.forService(name), logger: loggerOf(name), model: options.model, vapid: options.vapid, mail });
    await service.start();
    // Its own server, upgrades included: the gateway hands /ws to the service that owns it.
    const server = await listen(serverOf(service), 0);
    running.push({ stop: () => service.stop(), server });
    pools[name] = new UpstreamPool(name, [server.url]);
  }

  const gateway = createGateway({
    logger: loggerOf('gateway'),
    pools,
    webDist: options.webDist,
    trustProxyHops: options.trustProxyHops ?? 0,
    authAttemptsPerMinute: options.authAttemptsPerMinute,
    metrics: metrics.forService('gateway'),
    clientConfig: { promo_url: options.promoUrl ?? null, coaching_enabled: Boolean(options.model?.apiKey) },
  });
  const front = await listen(http.createServer(gateway.app).on('upgrade', gateway.onUpgrade), options.port, options.host);
  ownUrl = front.url.replace('0.0.0.0', 'localhost');

  return {
    url: ownUrl,
    async close() {
      const stopped = front.close();
      gateway.closeLiveSockets();
      await stopped;
      for (const { stop, server } of running.reverse()) {
        await stop();
        await server.close();
      }
      await bus.close();
      await database.close();
    },
  };
}

/** A random secret made once per data folder, so sessions survive a restart of the embedded product. */
async function embeddedSecret(dataDir: string | undefined): Promise<string> {
  if (!dataDir) return randomBytes(48).toString('base64url');
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const fresh = randomBytes(48).toString('base64url');
    await writeFile(file, fresh, { mode: 0o600 });
    return fresh;
  }
}
