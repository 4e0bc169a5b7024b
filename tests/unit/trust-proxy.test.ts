/** TRUST_PROXY's parsing and the client address it selects from X-Forwarded-For (security.md R60). */
import { describe, expect, it } from 'vitest';
import {
  clientAddress,
  forwardedAddress,
  parseTrustProxy,
  type TrustProxy,
} from '../../src/server/http/trust-proxy.ts';

function trust(text: string): TrustProxy {
  const parsed = parseTrustProxy(text);
  if (!parsed || 'error' in parsed) throw new Error(`not a setting: ${text}`);
  return parsed;
}

describe('parseTrustProxy', () => {
  it('reads a hop count, and nothing (or 0) as no proxy', () => {
    expect(parseTrustProxy('1')).toEqual({ hops: 1 });
    expect(parseTrustProxy(' 3 ')).toEqual({ hops: 3 });
    expect(parseTrustProxy('0')).toBeUndefined();
    expect(parseTrustProxy('')).toBeUndefined();
    expect(parseTrustProxy(undefined)).toBeUndefined();
  });

  it('reads addresses and CIDR ranges of both families, IPv4-mapped ones as IPv4', () => {
    const list = trust('10.0.0.0/8, 192.0.2.7, 2001:db8::/32, ::ffff:198.51.100.0/120');
    const peer = (address: string) => clientAddress(address, '203.0.113.1', list);
    // A listed peer is asked (the client is the forwarded address); any other peer is the client itself.
    expect(peer('10.200.3.4')).toBe('203.0.113.1');
    expect(peer('192.0.2.7')).toBe('203.0.113.1');
    expect(peer('2001:db8:1::9')).toBe('203.0.113.1');
    expect(peer('::ffff:198.51.100.20')).toBe('203.0.113.1');
    expect(peer('198.51.100.20')).toBe('203.0.113.1');
    expect(peer('192.0.2.8')).toBe('192.0.2.8');
    expect(peer('11.0.0.1')).toBe('11.0.0.1');
    expect(peer('2001:db9::1')).toBe('2001:db9::1');
  });

  it.each([
    'yes',
    'true',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.1,',
    'proxy.internal',
    '1.2.3.4/8/8',
    '10.0.0.0/x',
    '-1',
    '33',
  ])('refuses %j with a sentence', (text) => {
    expect(parseTrustProxy(text)).toEqual({ error: expect.stringMatching(/^must be a hop count/) as unknown });
  });
});

describe('forwardedAddress', () => {
  it('takes an address with or without port, brackets or IPv4 mapping, and refuses anything else', () => {
    expect(forwardedAddress(' 203.0.113.5 ')).toBe('203.0.113.5');
    expect(forwardedAddress('203.0.113.5:5678')).toBe('203.0.113.5');
    expect(forwardedAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(forwardedAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(forwardedAddress('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(forwardedAddress('unknown')).toBeNull();
    expect(forwardedAddress('evil; drop')).toBeNull();
    expect(forwardedAddress('')).toBeNull();
  });
});

describe('clientAddress', () => {
  const PROXY = '10.0.0.2';

  it('without TRUST_PROXY takes the socket address and ignores X-Forwarded-For altogether (R60)', () => {
    expect(clientAddress('198.51.100.9', '1.1.1.1', undefined)).toBe('198.51.100.9');
    expect(clientAddress('::ffff:198.51.100.9', undefined, undefined)).toBe('198.51.100.9');
    expect(clientAddress('unknown', '1.1.1.1', undefined)).toBe('unknown');
  });

  it('with a hop count takes the entry that many proxies from the right, never a forged one on the left', () => {
    const one = trust('1');
    expect(clientAddress(PROXY, '203.0.113.7', one)).toBe('203.0.113.7');
    // The client wrote the first entry itself; the proxy appended the real address.
    expect(clientAddress(PROXY, '1.1.1.1, 203.0.113.7', one)).toBe('203.0.113.7');
    expect(clientAddress(PROXY, '1.1.1.1,2.2.2.2 , 203.0.113.7', one)).toBe('203.0.113.7');
    // Two proxies: the nearest appended the second's address, the second the client's.
    expect(clientAddress(PROXY, '1.1.1.1, 203.0.113.7, 10.0.0.1', trust('2'))).toBe('203.0.113.7');
    // Fewer entries than hops: the furthest one there is.
    expect(clientAddress(PROXY, '203.0.113.7', trust('3'))).toBe('203.0.113.7');
    // No header: the socket address.
    expect(clientAddress(PROXY, undefined, one)).toBe(PROXY);
    expect(clientAddress(PROXY, ' , ', one)).toBe(PROXY);
  });

  it('with a list believes only a listed peer, and walks left only through listed proxies', () => {
    const list = trust('10.0.0.0/24');
    // A client reaching the API directly cannot claim any address.
    expect(clientAddress('198.51.100.9', '10.0.0.5, 1.1.1.1', list)).toBe('198.51.100.9');
    expect(clientAddress(PROXY, '1.1.1.1, 203.0.113.7', list)).toBe('203.0.113.7');
    // Through two listed proxies; a forged entry left of the first untrusted address is never reached.
    expect(clientAddress(PROXY, '1.1.1.1, 203.0.113.7, 10.0.0.9', list)).toBe('203.0.113.7');
    // Every entry a listed proxy: the left-most, as nobody else is named.
    expect(clientAddress(PROXY, '10.0.0.7, 10.0.0.9', list)).toBe('10.0.0.7');
  });

  it('stops at the proxy that forwarded something that is no address, so a client cannot choose its own key', () => {
    expect(clientAddress(PROXY, '203.0.113.7, not-an-ip', trust('1'))).toBe(PROXY);
    expect(clientAddress(PROXY, 'garbage, 10.0.0.9', trust('2'))).toBe('10.0.0.9');
    expect(clientAddress(PROXY, '203.0.113.7, <script>', trust('10.0.0.0/24'))).toBe(PROXY);
  });
});
