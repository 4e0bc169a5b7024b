import type { Context } from 'hono';

/**
 * Replaces c.res with a response that already carries every header it needs. Hono's setter would
 * copy the old headers over by re-wrapping the new response around its `.body`, which turns a
 * buffered body into a stream that @hono/node-server writes on its slower path (about 1 ms more).
 */
export function setResponse(c: Context, res: Response): void {
  // Clearing first makes the setter take the response as it is.
  c.res = undefined;
  c.res = res;
}
