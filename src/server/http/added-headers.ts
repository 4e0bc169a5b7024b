import { Hono, type MiddlewareHandler } from 'hono';

/**
 * The headers a header-only middleware (such as secureHeaders without nonces) adds to every answer,
 * read once by running it on a probe request, so a prebuilt answer can carry them without it.
 */
export async function headersAddedBy(middleware: MiddlewareHandler): Promise<Record<string, string>> {
  const probe = new Hono();
  probe.use(middleware);
  probe.get('/', (c) => c.body(null, 204));
  const res = await probe.request('/');
  return Object.fromEntries(res.headers);
}
