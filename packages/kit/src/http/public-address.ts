import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a request the server makes on a user's behalf (a push endpoint) must never reach: this
 * host, the private networks, link-local (the cloud metadata service), and everything not routed on
 * the internet. IPv4-mapped IPv6 (::ffff:a.b.c.d) and NAT64 are refused whole: no push service uses them.
 */
// Two lists: a BlockList checks an IPv4 address against its IPv6 rules too, as IPv4-mapped.
const INSIDE_V4 = new BlockList();
const INSIDE_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INSIDE_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  INSIDE_V6.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');

const familyOf = (address: string): 'ipv4' | 'ipv6' | null => (isIP(address) === 4 ? 'ipv4' : isIP(address) === 6 ? 'ipv6' : null);

/**
 * Whether the server may connect to `address` for a user: a public address; loopback too when
 * `allowLoopback` (the tests' local push service). Anything that is not an address is refused.
 */
export function mayConnectTo(address: string, allowLoopback = false): boolean {
  const family = familyOf(address);
  if (!family) return false;
  if (family === 'ipv4') return (allowLoopback && LOOPBACK_V4.check(address, 'ipv4')) || !INSIDE_V4.check(address, 'ipv4');
  return (allowLoopback && address === '::1') || !INSIDE_V6.check(address, 'ipv6');
}

/** Every address a host name resolves to now (the machine's resolver, /etc/hosts included). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveHost: ResolveHost = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** A URL's host as an address or a name: [::1] without its brackets, a name without its final dot. */
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

export class InternalAddressError extends Error {
  readonly code = 'EINTERNALADDRESS';
  constructor(hostname: string) {
    super(`${hostname} names an internal address`);
  }
}

/**
 * The addresses the URL's host stands for, when the server may connect to every one of them; an
 * InternalAddressError when one is inside (a client may connect to any), the resolver's error when
 * the name resolves to nothing.
 */
export async function publicAddressesOf(hostname: string, options: { resolve?: ResolveHost; allowLoopback?: boolean } = {}): Promise<string[]> {
  const host = bareHost(hostname);
  const addresses = isIP(host) ? [host] : await (options.resolve ?? resolveHost)(host);
  if (addresses.length === 0 || addresses.some((address) => !mayConnectTo(address, options.allowLoopback))) throw new InternalAddressError(hostname);
  return addresses;
}

/**
 * A `lookup` for http(s).request that connects only to the addresses publicAddressesOf allows: the
 * check and the connection use one resolution, so a name cannot resolve outside for the check and
 * inside for the connection (DNS rebinding). Node calls no lookup for a literal address: check those
 * with publicAddressesOf before the request.
 */
export function publicOnlyLookup(options: { resolve?: ResolveHost; allowLoopback?: boolean } = {}): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    publicAddressesOf(hostname, options).then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: isIP(address) }));
        if (lookupOptions.all) callback(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
