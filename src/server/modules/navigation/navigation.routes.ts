/**
 * The site's menus: the public GET /api/navigation (both menus resolved for visitors, read by the build), and the
 * admin's GET /api/admin/navigation and PUT /api/admin/navigation/:menu (a whole menu replaced), which asks for the
 * site rebuild.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { MENU_NAMES, type MenuName } from '../../../shared/navigation.ts';
import { checkMenu, MENU_NOT_FOUND } from '../../../shared/schemas/navigation.ts';
import type { AppEnv } from '../../app-env.ts';
import { notFound } from '../../http/errors.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { siteChanged } from '../../site/site-changed.ts';
import { adminNavigation, publicNavigation, saveMenu } from './navigation.service.ts';

function menuName(c: Context<AppEnv>): MenuName {
  const name = c.req.param('menu') ?? '';
  if (!(MENU_NAMES as readonly string[]).includes(name)) throw notFound(MENU_NOT_FOUND);
  return name as MenuName;
}

/** An unknown menu is answered 404 before its body is read. */
const knownMenu: MiddlewareHandler<AppEnv> = async (c, next) => {
  menuName(c);
  await next();
};

export function navigationRoutes() {
  return new Hono<AppEnv>()
    .get('/navigation', async (c) => c.json(await publicNavigation(c.get('db'))))
    .get('/admin/navigation', async (c) => c.json(await adminNavigation(c.get('db'))))
    .put('/admin/navigation/:menu', knownMenu, jsonBody(checkMenu), async (c) => {
      // The admin guard ran first, so the user is set.
      const actor = signedInUser(c);
      const saved = await saveMenu({ db: c.get('db'), actor }, menuName(c), c.req.valid('json').items);
      siteChanged(c, 'navigation');
      return c.json(saved);
    });
}
