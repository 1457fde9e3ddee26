import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InternalAddressError, mayConnectTo, publicAddressesOf, publicOnlyLookup, resolveHost } from '../src';

describe('mayConnectTo', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::a00:1',
    'ff02::1',
    'not an address',
    '',
  ])('refuses %j', (address) => {
    expect(mayConnectTo(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '172.15.255.255', '192.169.0.1', '2606:4700::1111', '2a00:1450:4001::200e'])('takes the public address %s', (address) => {
    expect(mayConnectTo(address)).toBe(true);
  });

  it('takes loopback, and loopback only, when allowed (the tests push service)', () => {
    expect(mayConnectTo('127.0.0.1', true)).toBe(true);
    expect(mayConnectTo('::1', true)).toBe(true);
    expect(mayConnectTo('10.0.0.1', true)).toBe(false);
    expect(mayConnectTo('169.254.169.254', true)).toBe(false);
  });
});

describe('publicAddressesOf', () => {
  it('reads the machine resolver: localhost is inside, and so is every address of a name with one inside', async () => {
    expect(await resolveHost('localhost')).toContain('127.0.0.1');
    await expect(publicAddressesOf('localhost')).rejects.toBeInstanceOf(InternalAddressError);
    await expect(publicAddressesOf('mixed.test', { resolve: async () => ['93.184.216.34', '10.1.1.1'] })).rejects.toBeInstanceOf(InternalAddressError);
    await expect(publicAddressesOf('none.test', { resolve: async () => [] })).rejects.toBeInstanceOf(InternalAddressError);
    expect(await publicAddressesOf('out.test', { resolve: async () => ['93.184.216.34'] })).toEqual(['93.184.216.34']);
  });

  it('reads a bracketed IPv6 host and a name with its final dot', async () => {
    await expect(publicAddressesOf('[::1]')).rejects.toBeInstanceOf(InternalAddressError);
    expect(await publicAddressesOf('[2606:4700::1111]')).toEqual(['2606:4700::1111']);
    const asked: string[] = [];
    await publicAddressesOf('push.test.', { resolve: async (name) => (asked.push(name), ['93.184.216.34']) });
    expect(asked).toEqual(['push.test']);
  });
});

describe('publicOnlyLookup', () => {
  it('keeps http.request from connecting to a name that resolves inside', async () => {
    let requests = 0;
    const server = http.createServer((_req, res) => {
      requests += 1;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (allowLoopback: boolean) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: 'localhost', port, lookup: publicOnlyLookup({ allowLoopback }) }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject);
      });
    try {
      await expect(get(false)).rejects.toMatchObject({ code: 'EINTERNALADDRESS' });
      expect(requests).toBe(0);
      expect(await get(true)).toBe(200);
      expect(requests).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
