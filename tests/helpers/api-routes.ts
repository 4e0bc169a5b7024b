/** The app's own route table, as the route walks read it (admin-authorization, the API fuzz): nothing to keep in step. */
import type { App } from '../../src/server/app.ts';

/** Every route with a handler for a named method under /api, as 'METHOD /path', once each, sorted; middleware and catch-alls are ALL. */
export function apiRouteKeys(app: App): string[] {
  const keys = app.routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)].sort();
}
