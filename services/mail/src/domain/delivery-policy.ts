/**
 * What becomes of a mail the SMTP server did not take: a permanent refusal (a 5xx reply: no such
 * mailbox, policy) is final and the mail is dead-lettered at once; anything else (a 4xx reply, a
 * refused or dropped connection, a timeout) is tried again after a wait doubling from `firstRetryMs`
 * up to `longestRetryMs`, until `giveUpAfterMs` from the mail's creation: an outage of the relay only
 * delays the mails behind it.
 */
export interface DeliveryPolicy {
  firstRetryMs: number;
  longestRetryMs: number;
  giveUpAfterMs: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { firstRetryMs: 15_000, longestRetryMs: 15 * 60_000, giveUpAfterMs: 72 * 3600_000 };

/** What the transport said of a failed send. */
export interface SendFailure {
  /** The SMTP reply code, when the server answered one. */
  responseCode?: number;
  message: string;
}

export type FailureOutcome = { kind: 'retry'; at: Date } | { kind: 'dead'; reason: string };

export const isPermanent = (failure: SendFailure): boolean => failure.responseCode !== undefined && failure.responseCode >= 500 && failure.responseCode < 600;

/** `attempts` counts this one. */
export function afterFailure(failure: SendFailure, attempts: number, createdAt: Date, now: Date, policy: DeliveryPolicy): FailureOutcome {
  if (isPermanent(failure)) return { kind: 'dead', reason: failure.message };
  const wait = Math.min(policy.longestRetryMs, policy.firstRetryMs * 2 ** Math.max(0, attempts - 1));
  const at = new Date(now.getTime() + wait);
  if (at.getTime() - createdAt.getTime() > policy.giveUpAfterMs) return { kind: 'dead', reason: `gave up after ${attempts} attempts: ${failure.message}` };
  return { kind: 'retry', at };
}
