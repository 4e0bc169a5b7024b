/**
 * TRUST_PROXY: whose word on the client address the API takes. Unset, only the socket's peer counts
 * and X-Forwarded-For is ignored (security.md R60). Behind a load balancer it is either a hop count (the proxies in
 * front of the API, nearest first) or a list of the proxies' addresses and CIDR ranges. X-Forwarded-For is then read
 * from the right: each proxy appends the address it was connected from, so the right-most entries are the trusted
 * proxies' own words and anything to their left may be a client's forgery; the first address not vouched for is the
 * client.
 */
import { BlockList, isIP } from 'node:net';

export type TrustProxy =
  /** The number of proxies in front of the API; the socket's peer is the nearest. */
  | { hops: number }
  /** The proxies by address: only a peer in the list is asked, and the walk stops at the first address outside it. */
  | { proxies: BlockList };

/** What TRUST_PROXY may be, for the start-up message. */
export const TRUST_PROXY_FORMAT =
  'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8, ::1)';

/** The setting, or a sentence saying what is wrong with it; undefined (or 0) is no proxy. */
export function parseTrustProxy(text: string | undefined): TrustProxy | undefined | { error: string } {
  const value = text?.trim() ?? '';
  if (value === '') return undefined;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 32) return { error: `${TRUST_PROXY_FORMAT}; ${value} hops is more than any real chain of proxies` };
    return hops === 0 ? undefined : { hops };
  }
  const proxies = new BlockList();
  for (const entry of value.split(',').map((e) => e.trim())) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      rest.length > 0 ||
      (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits))
    ) {
      return { error: `${TRUST_PROXY_FORMAT}; "${entry}" is neither` };
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    const ipv4 = unmapped(address);
    // An IPv4-mapped IPv6 entry is the IPv4 address it maps (peers are compared unmapped).
    if (family === 6 && isIP(ipv4) === 4) proxies.addSubnet(ipv4, Math.max(0, Number(prefix ?? 128) - 96), 'ipv4');
    else proxies.addSubnet(address, Number(prefix ?? bits), type);
  }
  return { proxies };
}

/** `::ffff:a.b.c.d` (an IPv4 client of a dual-stack socket) as a.b.c.d; anything else as it is. */
function unmapped(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

/**
 * One X-Forwarded-For entry as a bare address (without brackets, port or mapping), or null when it is no address.
 * Some proxies write `1.2.3.4:5678` or `[2001:db8::1]:443`.
 */
export function forwardedAddress(entry: string): string | null {
  let text = entry.trim().replace(/^"(.*)"$/, '$1');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)?.[1];
  if (bracketed !== undefined) text = bracketed;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  return isIP(text) ? unmapped(text) : null;
}

function isTrusted(proxies: BlockList, address: string): boolean {
  return proxies.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client address of a request whose socket peer is `peer`, given its X-Forwarded-For header and TRUST_PROXY.
 * Never the left-most entry unless every entry to its right is a trusted proxy; an entry that is no address ends the
 * walk at the proxy that wrote it, so a client never picks a key of its own making.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trust: TrustProxy | undefined): string {
  const socket = forwardedAddress(peer) ?? peer;
  if (!trust || !forwardedFor) return socket;
  const entries = forwardedFor.split(',').filter((e) => e.trim() !== '');
  if ('hops' in trust) {
    // The peer is the nearest proxy; each further hop is one entry from the right.
    let client = socket;
    for (let hop = 1; hop <= trust.hops; hop++) {
      const entry = entries.pop();
      if (entry === undefined) break;
      const address = forwardedAddress(entry);
      if (address === null) break;
      client = address;
    }
    return client;
  }
  if (!isTrusted(trust.proxies, socket)) return socket;
  let client = socket;
  while (isTrusted(trust.proxies, client)) {
    const entry = entries.pop();
    if (entry === undefined) break;
    const address = forwardedAddress(entry);
    if (address === null) break;
    client = address;
  }
  return client;
}
