import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ConsumerState } from './messaging/bus/bus.port';
import type { OutboxCounts } from './messaging/outbox-admin';

/** Where every process answers its metrics, in the Prometheus text format. */
export const METRICS_PATH = '/metrics';

const PREFIX = 'warriors_';
/** 5 ms to 10 s: a route answers in milliseconds; the gateway waits up to 30 s for a slow upstream. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A scrape never waits longer than this for a database count or the broker's consumer info. */
const COLLECT_TIMEOUT_MS = 2000;
/** The route label of a request no route matched (a 404): raw paths would make the series unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Called once per answered request (kit's requestContext), with its duration. */
export type RequestTiming = (req: Request, res: Response, seconds: number) => void;

/**
 * One process's metrics: one registry whatever the number of services in it (the embedded process
 * holds them all), each service's series told apart by the `service` label.
 */
export interface Metrics {
  readonly registry: Registry;
  /** Bearer token a scrape must carry; none: the process's /metrics is open (services) or not served (gateway). */
  readonly token: string | undefined;
  /** The metrics one service (or the gateway) records, labelled with its name. */
  forService(service: string): ServiceMetrics;
  /** Lag and redeliveries of every durable consumer a bus consumes from, read from the broker on each scrape. */
  watchConsumers(consumerStates: () => Promise<ConsumerState[]>): void;
}

export interface ServiceMetrics {
  readonly service: string;
  readonly metrics: Metrics;
  /** Times each request under its route template: `routeOf` names it (services: the express route). */
  timeRequests(routeOf?: (req: Request, res: Response) => string): RequestTiming;
  /** The service's outbox counts (pending, retrying, dead-lettered), read on each scrape. */
  watchOutbox(counts: () => Promise<OutboxCounts>): void;
  /** A counter of this service's, created on first use and shared by every caller of the same name. */
  counter<L extends string>(name: string, help: string, labelNames?: readonly L[]): Counter<L | 'service'>;
  /** A gauge of this service's whose value is read on each scrape. */
  gaugeOf(name: string, help: string, read: () => number): void;
  /** A gauge of this service's with more labels, one series per reading, read on each scrape. */
  labelledGaugeOf<L extends string>(name: string, help: string, labelNames: readonly L[], read: () => Array<{ labels: Record<L, string>; value: number }>): void;
}

export interface MetricsOptions {
  token?: string;
}

/**
 * The express route a request matched, e.g. '/api/challenges/:id' (bounded: one series per route,
 * never per id), or 'unmatched'.
 */
export function expressRouteOf(req: Request): string {
  const path: unknown = req.route?.path;
  return typeof path === 'string' ? req.baseUrl + path : UNMATCHED_ROUTE;
}

const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/** One fetch shared by the gauges read in the same scrape (they are collected side by side). */
function sharedFetch<T>(fetch: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () =>
    (inFlight ??= fetch().finally(() => {
      inFlight = undefined;
    }));
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('metrics collection timed out')), COLLECT_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Gauges read from the same sources on each scrape; a source that fails or does not answer in time
 * leaves its series out (absent, rather than a stale value that reads as healthy).
 */
function sourcedGauges<Source, Reading>(
  registry: Registry,
  labelNames: readonly string[],
  read: (source: Source) => Promise<Reading[]>,
  gauges: Array<{ name: string; help: string; value: (reading: Reading) => number; labels: (reading: Reading) => Record<string, string> }>,
): (source: Source) => void {
  const sources: Source[] = [];
  const readAll = sharedFetch(async () => {
    const settled = await Promise.allSettled(sources.map((source) => withTimeout(read(source))));
    return settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
  });
  for (const spec of gauges) {
    new Gauge({
      name: PREFIX + spec.name,
      help: spec.help,
      labelNames,
      registers: [registry],
      async collect() {
        const readings = await readAll();
        this.reset();
        for (const reading of readings) this.set(spec.labels(reading), spec.value(reading));
      },
    });
  }
  return (source) => {
    sources.push(source);
  };
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  // CPU, memory, event loop lag, GC, handles: with the product's prefix like every other series.
  collectDefaultMetrics({ register: registry, prefix: PREFIX });

  const requestDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by service, route template, method and status class (its _count is the request rate)',
    labelNames: ['service', 'route', 'method', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const watchOutbox = sourcedGauges<{ service: string; counts: () => Promise<OutboxCounts> }, OutboxCounts & { service: string }>(
    registry,
    ['service'],
    async ({ service, counts }) => [{ service, ...(await counts()) }],
    [
      { name: 'outbox_pending_events', help: 'Events in the outbox not yet published (retrying ones included)', value: (r) => r.pending, labels: (r) => ({ service: r.service }) },
      {
        name: 'outbox_retrying_events',
        help: 'Outbox events whose publish failed at least once, waiting for their next attempt',
        value: (r) => r.retrying,
        labels: (r) => ({ service: r.service }),
      },
      {
        name: 'outbox_dead_lettered_events',
        help: 'Events given up on, kept in <schema>.outbox_dead_letters',
        value: (r) => r.deadLettered,
        labels: (r) => ({ service: r.service }),
      },
    ],
  );

  const watchConsumers = sourcedGauges<() => Promise<ConsumerState[]>, ConsumerState>(registry, ['durable'], (states) => states(), [
    {
      name: 'consumer_pending_messages',
      help: 'Messages of the stream a durable consumer has not been handed yet (its lag)',
      value: (s) => s.pending,
      labels: (s) => ({ durable: s.durable }),
    },
    {
      name: 'consumer_ack_pending_messages',
      help: 'Messages handed to a durable consumer and not acknowledged yet',
      value: (s) => s.ackPending,
      labels: (s) => ({ durable: s.durable }),
    },
    {
      name: 'consumer_redelivered_messages',
      help: 'Unacknowledged messages of a durable consumer delivered more than once',
      value: (s) => s.redelivered,
      labels: (s) => ({ durable: s.durable }),
    },
  ]);

  const metrics: Metrics = {
    registry,
    token: options.token,
    watchConsumers,
    forService(service) {
      return {
        service,
        metrics,
        timeRequests(routeOf = expressRouteOf) {
          return (req, res, seconds) => {
            requestDuration.observe({ service, route: routeOf(req, res), method: req.method, status_class: statusClass(res.statusCode) }, seconds);
          };
        },
        watchOutbox(counts) {
          watchOutbox({ service, counts });
        },
        counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
          const fullName = PREFIX + name;
          const existing = registry.getSingleMetric(fullName) as Counter<L | 'service'> | undefined;
          const counter = existing ?? new Counter<L | 'service'>({ name: fullName, help, labelNames: ['service', ...labelNames], registers: [registry] });
          return counter;
        },
        gaugeOf(name, help, read) {
          new Gauge({
            name: PREFIX + name,
            help,
            labelNames: ['service'],
            registers: [registry],
            collect() {
              this.set({ service }, read());
            },
          });
        },
        labelledGaugeOf(name, help, labelNames, read) {
          new Gauge({
            name: PREFIX + name,
            help,
            labelNames: ['service', ...labelNames],
            registers: [registry],
            collect() {
              this.reset();
              for (const { labels, value } of read()) this.set({ ...labels, service }, value);
            },
          });
        },
      };
    },
  };
  return metrics;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * GET /metrics: the registry in the Prometheus text format, behind `Authorization: Bearer <token>`
 * when the process has a token (compared in constant time).
 */
export function metricsEndpoint(metrics: Metrics): RequestHandler {
  const expected = metrics.token === undefined ? undefined : digest(`Bearer ${metrics.token}`);
  return async (req, res) => {
    if (expected && !timingSafeEqual(digest(req.header('authorization') ?? ''), expected)) {
      res.status(401).setHeader('www-authenticate', 'Bearer').json({ detail: 'Not authenticated' });
      return;
    }
    res.setHeader('content-type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  };
}
