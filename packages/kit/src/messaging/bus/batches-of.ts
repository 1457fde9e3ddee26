import type { BatchConsumerOptions, Bus, EventOn, Subscription } from './bus.port';

/**
 * How a consumer that applies each batch in one transaction takes its messages: one batch at a time
 * per process, of whatever arrived while the previous one was being applied (up to 64). Measured on
 * the logging path (docs/operations.md): four batches side by side made smaller batches that waited
 * on each other's user locks, and cost about 1.7 times the CPU per log of one at a time. Instances
 * of the service still apply side by side, which their locks allow for.
 */
export const ONE_BATCH_AT_A_TIME = { concurrency: 1, batch: { max: 64, maxWaitMs: 0 } } as const;

/** Consumes in batches, handing the handler the batch's events (typed by the subjects consumed). */
export function consumeInBatches<S extends string>(bus: Bus, options: BatchConsumerOptions<S>, handler: (events: Array<EventOn<S>>) => Promise<void>): Promise<Subscription> {
  return bus.consumeBatch(options, (items) => handler(items.map((item) => item.event)));
}
