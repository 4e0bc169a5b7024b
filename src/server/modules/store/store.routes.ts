/**
 * GET /api/store (public) and GET/PUT /api/admin/store (admin): the store's currency, tax, shipping and manual payment
 * instructions.
 */
import { Hono } from 'hono';
import { checkStoreSettings } from '../../../shared/schemas/store.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { noStore } from '../../http/no-store.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { siteChanged } from '../../site/site-changed.ts';
import { getStoreSettings, updateStoreSettings } from './store.service.ts';

export function storeRoutes(deps: Deps) {
  return (
    new Hono<AppEnv>()
      // Read by the site build and by the cart and checkout at runtime: always the current figures.
      .get('/store', noStore, async (c) => c.json(await getStoreSettings(c.get('db'), deps.payments)))
      .get('/admin/store', async (c) => c.json(await getStoreSettings(c.get('db'), deps.payments)))
      .put('/admin/store', jsonBody(checkStoreSettings), async (c) => {
        // The admin guard ran first, so the user is set.
        const { settings, changed } = await updateStoreSettings(
          c.get('db'),
          deps,
          signedInUser(c),
          c.req.valid('json'),
        );
        siteChanged(c, 'store settings', changed);
        return c.json(settings);
      })
  );
}
