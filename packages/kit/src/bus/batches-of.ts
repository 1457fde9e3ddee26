import type { EventOf, EventType } from '@warriors/contracts';
import type { BatchConsumerOptions, Bus, Subscription } from './bus.port';
import type { BusLogger } from './common';

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
