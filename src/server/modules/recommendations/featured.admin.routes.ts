/**
 * The featured items the admin pins and orders: GET /api/admin/featured (the pins and the row they make), GET
 * /api/admin/featured/search (published items to pin) and PUT /api/admin/featured (the whole pin list, in order).
 * The /api/admin guard admits admins only. The signed-out home page's Featured row is built into its HTML, so a save
 * asks for the site rebuild.
 */
import { Hono } from 'hono';
import { checkFeaturedPins, checkFeaturedSearch } from '../../../shared/schemas/featured.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { jsonBody, validQuery } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { siteChanged } from '../../site/site-changed.ts';
import { featuredState, savePins, searchPinnable } from './featured.admin.service.ts';

/** What a save answers: the home page's HTML changes with the next build. */
export const FEATURED_SAVED = 'Featured items saved. The home page shows the change once the site is rebuilt.';

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- mounted like its siblings; the rebuild is asked for by rebuildAfterChange
export function featuredAdminRoutes(_deps: Deps) {
  return new Hono<AppEnv>()
    .get('/admin/featured', async (c) => c.json(await featuredState(c.get('db'))))
    .get('/admin/featured/search', validQuery(checkFeaturedSearch), async (c) => {
      const { q, type } = c.req.valid('query');
      return c.json({ results: await searchPinnable(c.get('db'), q, type) });
    })
    .put('/admin/featured', jsonBody(checkFeaturedPins), async (c) => {
      const state = await savePins({ db: c.get('db'), actor: signedInUser(c) }, c.req.valid('json').items);
      siteChanged(c, 'featured items');
      return c.json({ message: FEATURED_SAVED, ...state });
    });
}
