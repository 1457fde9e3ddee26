import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import type { Bus } from './messaging/bus/bus.port';
import type { Clock } from './clock';
import type { Database } from './db/database';
import type { TokenSigner } from './http/jwt';
import type { Logger } from './logger';
import type { ServiceMetrics } from './metrics';

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
  /** The process's metrics, labelled with this service's name (its app serves them on /metrics). */
  metrics: ServiceMetrics;
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
  /** WebSocket upgrades on the service's server (the live socket); a service without one refuses them. */
  onUpgrade?(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
}

/**
 * The service's HTTP server: its app, and its upgrades when it takes any (stack process, embedded
 * mode, tests). Closing it also ends the upgraded sockets: a live socket never ends on its own, and
 * close() would otherwise wait for every client to leave.
 */
export function serverOf(service: Service): http.Server {
  const server = http.createServer(service.app);
  const onUpgrade = service.onUpgrade;
  if (!onUpgrade) return server;
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    onUpgrade(req, socket, head);
  });
  const close = server.close.bind(server);
  server.close = ((callback?: (err?: Error) => void) => {
    for (const socket of upgraded) socket.destroy();
    return close(callback);
  }) as typeof server.close;
  return server;
}
