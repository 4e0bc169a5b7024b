/** The client key for rate limits: the socket's peer address; X-Forwarded-For is never trusted (security.md R60). */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function clientIp(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address ?? 'unknown';
    // IPv4 clients of a dual-stack socket arrive as ::ffff:a.b.c.d.
    return address.startsWith('::ffff:') ? address.slice(7) : address;
  } catch {
    // No Node socket (in-process app.request): one shared key.
    return 'unknown';
  }
}
