/**
 * Where a webhook may be sent (server-side request forgery): an endpoint's URL is the admin's, but the request leaves
 * from inside the server's network, so an address on loopback, a private or link-local range (a cloud's metadata
 * service at 169.254.169.254) or any other address not on the public internet is refused, unless
 * WEBHOOKS_ALLOW_PRIVATE says receivers live there. Checked when the URL is saved and again when each request is made,
 * on the addresses the connection actually uses (a name may resolve elsewhere by then).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Ranges that are not the public internet (IANA special-purpose registries). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d), else null. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2] ?? '0', 16);
  const low = parseInt(match[3] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for an IP address that is not on the public internet (loopback, private, link-local, reserved…). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return NOT_PUBLIC.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    return v4 !== null ? NOT_PUBLIC.check(v4, 'ipv4') : NOT_PUBLIC.check(bare, 'ipv6');
  }
  // Not an address at all: nothing to connect to.
  return true;
}

export const PRIVATE_REFUSED =
  'The URL leads to a private or local address, which webhooks may not be sent to (set WEBHOOKS_ALLOW_PRIVATE=true on the server to allow it).';
export const HOST_NOT_FOUND = 'The URL’s host name could not be found; check it and try again.';

/** A URL's host as the resolver and `isIP` take it: IPv6 literals without their brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

export type Resolve = (host: string) => Promise<string[]>;

/** Every address `host` resolves to (A and AAAA). */
export const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, order: 'verbatim' }, (error, addresses: LookupAddress[]) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });

/**
 * Save time: why `value` (already a well-formed http(s) URL) may not be an endpoint, or null. A name must resolve
 * (a typo is caught now, not at the first event), and with private addresses refused, to public addresses only.
 */
export async function webhookDestinationProblem(
  value: string,
  allowPrivate: boolean,
  resolve: Resolve = resolveAll,
): Promise<string | null> {
  if (allowPrivate) return null;
  const host = hostOf(new URL(value));
  if (host === 'localhost' || host.endsWith('.localhost')) return PRIVATE_REFUSED;
  if (isIP(host)) return isPrivateAddress(host) ? PRIVATE_REFUSED : null;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return HOST_NOT_FOUND;
  }
  if (addresses.length === 0) return HOST_NOT_FOUND;
  return addresses.some(isPrivateAddress) ? PRIVATE_REFUSED : null;
}

/** A refusal at send time, told apart from the network's own errors. */
export class DestinationRefused extends Error {
  constructor(message = PRIVATE_REFUSED) {
    super(message);
    this.name = 'DestinationRefused';
  }
}

/**
 * Send time: a `lookup` for node:http that hands the socket only public addresses, so what is checked is what is
 * connected to (no second resolution a rebinding name could answer differently).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
      callback(Object.assign(new DestinationRefused(), { code: 'EPRIVATE' }), []);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
  });
};

/** Send time, for a URL whose host is an address itself (node:http does not look those up). */
export function literalAddressRefused(url: URL): boolean {
  const host = hostOf(url);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && isPrivateAddress(host);
}
