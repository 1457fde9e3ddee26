import { randomUUID } from 'node:crypto';
import { createRedis } from '@warriors/kit';
import { deleteKeysMatching } from '../src/redis-keys';

describe('deleteKeysMatching', () => {
  const redis = createRedis('redis://127.0.0.1:6379');
  afterAll(() => redis.disconnect());

  it('deletes every matching key across SCAN steps and UNLINK slices, and only those', async () => {
    const namespace = `keys_${randomUUID()}`;
    // Several slices of UNLINK_SLICE, found over several SCAN steps.
    const many = 4_500;
    const write = redis.pipeline();
    for (let i = 0; i < many; i += 1) write.set(`${namespace}:applied:${i}`, '1', 'EX', 600);
    await write.exec();
    await redis.set(`${namespace}-other:kept`, '1', 'EX', 600);

    await expect(deleteKeysMatching(redis, `${namespace}:*`)).resolves.toBe(many);

    expect(await redis.exists(`${namespace}:applied:0`, `${namespace}:applied:${many - 1}`)).toBe(0);
    expect(await redis.get(`${namespace}-other:kept`)).toBe('1');
    await redis.unlink(`${namespace}-other:kept`);
  });
});
