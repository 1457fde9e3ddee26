export type * from './bus.port';
export type { BusLogger } from './common';
export { createMemoryBus, MemoryBroker, type MemoryBrokerOptions, type MemoryBus, type MemoryBusOptions } from './memory-bus';
export { createNatsBus, MAX_STREAM_REPLICAS, type NatsBusOptions } from './nats-bus';
export { NatsEnv, natsBusOptions } from './nats-env';
export { consumeInBatches, ONE_BATCH_AT_A_TIME } from './batches-of';
export { EFFECTS_MESSAGE_WEIGHT, publishEffects } from './effects';
export { DEFAULT_MAX_PAYLOAD_BYTES, PayloadTooLargeError } from './payload-limit';
export { answerQuestion, askService, type AskOptions } from './ask';
