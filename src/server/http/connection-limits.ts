/**
 * The listener's own bounds, for `npm start` with no proxy in front (the documented single-machine deployment):
 * - an idle keep-alive connection lives longer than a load balancer's idle timeout (60 s on the common ones), so one
 *   in front never sends a request on a connection the server has just closed (an intermittent 502);
 * - a request's headers and body must arrive within REQUEST_TIMEOUT_SECONDS (Node's default is five minutes), so a
 *   body sent a byte at a time cannot hold a connection for long. Node measures both from a request's first byte, so an
 *   idle keep-alive connection is never cut by them;
 * - at most MAX_CONNECTIONS at once, below the process's open-file limit, and at most MAX_CONNECTIONS_PER_ADDRESS of
 *   them from one client address (a trusted proxy excepted), so one machine opening slow connections by the thousand
 *   leaves room for everyone else. A connection over either is closed at once.
 */
import { readFileSync } from 'node:fs';
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { TrustProxy } from './trust-proxy.ts';

export interface ConnectionLimits {
  keepAliveSeconds: number;
  requestSeconds: number;
  maxConnections: number;
  perAddress: number;
}

/** How often Node looks for requests past their timeout: a timeout is enforced within this much of its end. */
const CHECK_INTERVAL_MS = 1000;
/** Headers alone get this long at most (within the request's own time): a browser sends them in one packet. */
const HEADERS_SECONDS = 10;

/** The options `http.createServer` takes for the timeouts (the check interval can be set only there). */
export function serverTimeouts(limits: ConnectionLimits): ServerOptions {
  return {
    keepAliveTimeout: limits.keepAliveSeconds * 1000,
    requestTimeout: limits.requestSeconds * 1000,
    headersTimeout: Math.min(HEADERS_SECONDS, limits.requestSeconds) * 1000,
    connectionsCheckingInterval: CHECK_INTERVAL_MS,
  };
}

/** The soft limit of open files of this process (Linux), or null where it cannot be read. */
export function openFileLimit(limitsText?: string): number | null {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return null;
    }
  }
  const soft = /^Max open files\s+(\d+|unlimited)/m.exec(text)?.[1];
  return soft === undefined || soft === 'unlimited' ? null : Number(soft);
}

/**
 * The default cap on connections: room below the open-file limit for the database, media files, mail and the build
 * (a fifth of it, and 100 files at least), and at most 10,000.
 */
export function defaultMaxConnections(fileLimit: number | null): number {
  if (fileLimit === null) return 10_000;
  return Math.max(50, Math.min(10_000, Math.floor(fileLimit * 0.8) - 100));
}

/** Whether connections from `peer` skip the per-address share: a trusted proxy carries many clients' requests. */
function isTrustedPeer(trust: TrustProxy | undefined, peer: string): boolean {
  if (!trust) return false;
  if ('hops' in trust) return true;
  const bare = peer.toLowerCase().startsWith('::ffff:') ? peer.slice(7) : peer;
  return trust.proxies.check(bare, bare.includes(':') ? 'ipv6' : 'ipv4');
}

/** Puts the caps on a node:http server made with serverTimeouts' options. */
export function limitConnections(server: Server, limits: ConnectionLimits, trust: TrustProxy | undefined): void {
  server.maxConnections = limits.maxConnections;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (!peer || isTrustedPeer(trust, peer)) return;
    const count = (open.get(peer) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(peer, count);
    socket.once('close', () => {
      const left = (open.get(peer) ?? 1) - 1;
      if (left > 0) open.set(peer, left);
      else open.delete(peer);
    });
  });
}
