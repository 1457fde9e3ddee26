import type { EventOf, EventType } from '@warriors/contracts';
import type { BatchConsumerOptions, Bus, Subscription } from './bus.port';
import type { BusLogger } from './common';

/**
 * How a consumer that applies each batch in one transaction takes its messages: one batch at a time
 * per process, of whatever arrived while the previous one was being applied (up to 64). Measured on
 * the logging path (docs/operations.md): four batches side by side made smaller batches that waited
 * on each other's user locks, and cost about 1.7 times the CPU per log of one at a time. Instances
 * of the service still apply side by side, which their locks allow for.
 */
export const ONE_BATCH_AT_A_TIME = { concurrency: 1, batch: { max: 64, maxWaitMs: 0 } } as const;

/**
 * Consumes one event type in batches and hands the handler only events of that type. Anything else
 * on the subjects is logged and acked: no redelivery would make it applicable.
 */
export function consumeBatchesOf<T extends EventType>(
  bus: Bus,
  type: T,
  options: BatchConsumerOptions,
  logger: BusLogger,
  handler: (events: Array<EventOf<T>>) => Promise<void>,
): Promise<Subscription> {
  return bus.consumeBatch(options, async (items) => {
    const events: Array<EventOf<T>> = [];
    for (const { event } of items) {
      if (event.type === type) events.push(event as EventOf<T>);
      else logger.warn({ eventId: event.id, type: event.type, durable: options.durable }, `unexpected event on a ${type} consumer`);
    }
    if (events.length > 0) await handler(events);
  });
}
