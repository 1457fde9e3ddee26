import { loadConfig, NatsEnv, natsBusOptions, OutboxEnv, ServiceProcessEnv } from '../../../src';

const quiet = { warn: () => {}, error: () => {} };

describe('the NATS environment', () => {
  it('takes one server or a comma-separated list of a cluster’s servers', () => {
    expect(loadConfig(NatsEnv, {}).NATS_URL).toEqual(['nats://127.0.0.1:4222']);
    expect(loadConfig(NatsEnv, { NATS_URL: 'nats://a:4222, nats://b:4222,nats://c:4222' }).NATS_URL).toEqual(['nats://a:4222', 'nats://b:4222', 'nats://c:4222']);
    expect(loadConfig(NatsEnv, { NATS_URL: 'tls://a:4222,b:4222' }).NATS_URL).toEqual(['tls://a:4222', 'b:4222']);
  });

  it('refuses a list with something that is not a server, naming the variable', () => {
    expect(() => loadConfig(NatsEnv, { NATS_URL: 'nats://a:4222,http://b' })).toThrow(/NATS_URL.*each server must be nats:\/\/host:port/);
    expect(() => loadConfig(NatsEnv, { NATS_URL: ' , ' })).toThrow(/NATS_URL.*name at least one server/);
  });

  it('takes a replica count from 1 to 5, and leaves it unset when not given', () => {
    expect(loadConfig(NatsEnv, { NATS_STREAM_REPLICAS: '3' }).NATS_STREAM_REPLICAS).toBe(3);
    expect(loadConfig(NatsEnv, {}).NATS_STREAM_REPLICAS).toBeUndefined();
    for (const wrong of ['0', '6', '2.5', 'three']) expect(() => loadConfig(NatsEnv, { NATS_STREAM_REPLICAS: wrong })).toThrow(/NATS_STREAM_REPLICAS/);
  });

  it('is what a service process reads, handed to the bus as it is', () => {
    const config = loadConfig(ServiceProcessEnv, { JWT_SECRET: 'x'.repeat(32), NATS_URL: 'nats://a:4222,nats://b:4222', NATS_STREAM_REPLICAS: '3', NATS_STREAM: 'PROD' });
    expect(natsBusOptions(config, quiet)).toEqual({ servers: ['nats://a:4222', 'nats://b:4222'], streamName: 'PROD', subjectPrefix: undefined, replicas: 3, logger: quiet });
  });
});

describe('the outbox environment', () => {
  it('keeps published events 24 hours unless told otherwise, and refuses a negative window', () => {
    expect(loadConfig(OutboxEnv, {}).OUTBOX_REPLAY_WINDOW_HOURS).toBe(24);
    expect(loadConfig(OutboxEnv, { OUTBOX_REPLAY_WINDOW_HOURS: '0.5' }).OUTBOX_REPLAY_WINDOW_HOURS).toBe(0.5);
    expect(() => loadConfig(OutboxEnv, { OUTBOX_REPLAY_WINDOW_HOURS: '-1' })).toThrow(/OUTBOX_REPLAY_WINDOW_HOURS/);
  });
});
