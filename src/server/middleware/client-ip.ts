/**
 * The client key for rate limits and logs: the socket's peer address, or with TRUST_PROXY the address the trusted
 * proxies in front report in X-Forwarded-For (trust-proxy.ts). Unset, X-Forwarded-For is never trusted (security.md R60).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { clientAddress } from '../http/trust-proxy.ts';

function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No Node socket (in-process app.request): one shared key.
    return 'unknown';
  }
}

export function clientIp(c: Context<AppEnv>): string {
  // IPv4 clients of a dual-stack socket arrive as ::ffff:a.b.c.d: clientAddress gives them as a.b.c.d.
  return clientAddress(peerAddress(c), c.req.header('x-forwarded-for'), c.get('env').TRUST_PROXY);
}
