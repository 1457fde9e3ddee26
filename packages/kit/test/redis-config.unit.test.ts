import { z } from 'zod';
import { checkRedisEnv, DEFAULT_REDIS_URL, loadConfig, parseSentinels, redisEnvShape, redisTargetOf } from '../src';

const Schema = z.object(redisEnvShape).superRefine(checkRedisEnv);
const targetOf = (env: NodeJS.ProcessEnv) => redisTargetOf(loadConfig(Schema, env));

describe('the Redis settings', () => {
  it('connect to the local server when nothing is set, and to REDIS_URL when it is (an empty one counts as unset)', () => {
    expect(targetOf({})).toEqual({ url: DEFAULT_REDIS_URL });
    expect(targetOf({ REDIS_URL: '' })).toEqual({ url: DEFAULT_REDIS_URL });
    expect(targetOf({ REDIS_URL: 'redis://cache:6380' })).toEqual({ url: 'redis://cache:6380' });
  });

  it('name the primary through sentinels: names, IPv4 and bracketed IPv6 hosts, spaces around the commas', () => {
    expect(targetOf({ REDIS_SENTINELS: 'sentinel-a:26379, 10.0.0.7:26380 ,[::1]:26381', REDIS_SENTINEL_MASTER: 'warriors' })).toEqual({
      sentinels: [
        { host: 'sentinel-a', port: 26379 },
        { host: '10.0.0.7', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      masterName: 'warriors',
    });
  });

  it('refuse sentinels without the primary’s name, a name without sentinels, and either with REDIS_URL, naming the variable', () => {
    expect(() => targetOf({ REDIS_SENTINELS: 'a:26379' })).toThrow(/REDIS_SENTINEL_MASTER: is required with REDIS_SENTINELS/);
    expect(() => targetOf({ REDIS_SENTINEL_MASTER: 'warriors' })).toThrow(/REDIS_SENTINELS: is required with REDIS_SENTINEL_MASTER/);
    expect(() => targetOf({ REDIS_URL: 'redis://cache:6379', REDIS_SENTINELS: 'a:26379', REDIS_SENTINEL_MASTER: 'warriors' })).toThrow(
      /REDIS_URL: cannot be set with REDIS_SENTINELS/,
    );
  });

  it.each([['sentinel-a'], ['a:'], [':26379'], ['a:0'], ['a:65536'], ['a:26379:1'], ['a b:26379'], [',']])('refuse REDIS_SENTINELS=%j, naming the entry', (list) => {
    expect(() => targetOf({ REDIS_SENTINELS: list, REDIS_SENTINEL_MASTER: 'warriors' })).toThrow(/REDIS_SENTINELS: /);
  });

  it('say which sentinel entry is wrong', () => {
    expect(() => parseSentinels('a:26379,b')).toThrow('"b" is not host:port (a port from 1 to 65535)');
    expect(() => parseSentinels(' , ')).toThrow('lists no sentinel');
  });
});
