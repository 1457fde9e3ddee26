import { z } from 'zod';
import type { BusLogger } from './common';
import { MAX_STREAM_REPLICAS, type NatsBusOptions } from './nats-bus';

const NATS_SERVER = /^(nats|tls|ws|wss):\/\/[^\s,/]+$|^[^\s,/:]+:\d+$/;

/** What every process that talks to NATS reads from its environment: the services and the outbox CLI. */
export const NatsEnv = z.object({
  /** One server, or a cluster's servers comma-separated: the client connects to any and fails over to the others. */
  NATS_URL: z
    .string()
    .default('nats://127.0.0.1:4222')
    .transform((list) =>
      list
        .split(',')
        .map((server) => server.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(NATS_SERVER, 'each server must be nats://host:port (or tls://, ws://, wss://, host:port)')).min(1, 'name at least one server')),
  /** Separate environments (or test runs) sharing one NATS server use their own stream and subject prefix. */
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('WARRIORS'),
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/)
    .default(''),
  /**
   * Copies of the stream a cluster keeps: 3 on a three-node cluster, so an acknowledged event survives
   * losing a node. Unset, a new stream gets 1 and an existing one keeps its count (so a process
   * started without it, e.g. the outbox CLI, never scales a replicated stream down).
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(MAX_STREAM_REPLICAS).optional(),
});

/** The NATS bus options a process's validated NatsEnv stands for. */
export function natsBusOptions(config: z.infer<typeof NatsEnv>, logger: BusLogger): NatsBusOptions {
  return {
    servers: config.NATS_URL,
    streamName: config.NATS_STREAM,
    subjectPrefix: config.NATS_SUBJECT_PREFIX || undefined,
    replicas: config.NATS_STREAM_REPLICAS,
    logger,
  };
}
