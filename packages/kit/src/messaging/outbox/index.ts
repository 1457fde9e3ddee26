export { createOutbox, type EnqueuedEvents, type Outbox, type OutboxOptions } from './outbox';
export { GROUP_GAP_MS, type GroupInsertSpec } from './group-insert';
export { DEFAULT_OUTBOX_RETRY, type OutboxRetryOptions } from './relay';
export { OutboxEnv } from './replay-window';
