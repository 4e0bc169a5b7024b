/**
 * A request answered before its body has all arrived (a 413 for a declared size over the limit, a 401 before an
 * upload is read) is answered with `Connection: close`. The server stops reading what the client is still sending
 * and closes the connection soon after; told so, a keep-alive client opens a new connection for its next request
 * instead of sending it on this one and meeting a reset.
 */
import type { IncomingMessage } from 'node:http';
import { createMiddleware } from 'hono/factory';

export const closeAfterUnreadBody = createMiddleware(async (c, next) => {
  await next();
  // Node's request: `complete` once the whole message, body included, has been received (app.request in tests has none).
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !incoming.complete) c.header('Connection', 'close');
});
