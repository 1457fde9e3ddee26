import type { EventOf } from '@warriors/contracts';
import type { Bus, Subscription } from '@warriors/kit';

/** Every instance shares this durable: each requested mail is queued by one of them (and the queue's key makes a redelivery a no-op). */
export const MAIL_REQUESTS_DURABLE = 'mail_requests';

export function consumeMailRequests(bus: Bus, queueRequested: (event: EventOf<'mail.requested'>) => Promise<void>): Promise<Subscription> {
  return bus.consume({ durable: MAIL_REQUESTS_DURABLE, subjects: ['mail.requested'] }, (event) => queueRequested(event));
}
