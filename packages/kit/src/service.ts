import type { Express } from 'express';
import type { Bus } from './bus/bus.port';
import type { Clock } from './clock';
import type { Database } from './db/database';
import type { TokenSigner } from './http/jwt';
import type { Logger } from './logger';

/**
 * Everything a service gets from outside. The same factory runs in its own process (stack mode:
 * PostgreSQL, NATS) or inside the one embedded process (PGlite, in-process bus).
 */
export interface ServicePorts {
  database: Database;
  bus: Bus;
  clock: Clock;
  logger: Logger;
  tokens: TokenSigner;
  /** Browser origins allowed to call the service directly; normally only the gateway does. */
  corsOrigins?: string[];
}

export interface Service {
  name: string;
  /** The HTTP app, paths as the gateway forwards them (/api/...), plus /healthz and /readyz. */
  app: Express;
  /** Migrations and consumers: call before serving. */
  start(): Promise<void>;
  /** Stops consumers; the caller closes the server and the shared ports. */
  stop(): Promise<void>;
}
