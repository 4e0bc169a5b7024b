/** Simple pages: public /api/pages (published only), admin /api/admin/pages (drafts too, admin-only). */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { revalidate } from '../../http/revalidate.ts';
import { validate } from '../../http/validate.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { PAGE_NOT_FOUND } from '../../../shared/schemas/page-admin.ts';
import { isSlug } from '../../../shared/slug.ts';
import * as pages from './pages.service.ts';
import { siteChanged } from '../../site/site-changed.ts';

function writeContext(c: Context<AppEnv>): pages.PageWriteContext {
  // The admin guard ran first, so the user is set.
  return { db: c.get('db'), actor: signedInUser(c) };
}

/** The JSON body, or undefined when it is not JSON (the rules then refuse it with a 400). */
const jsonOf = (c: Context<AppEnv>): Promise<unknown> => c.req.json().catch(() => undefined);

const IdParam = z.object({ id: z.string().min(1).max(100) });

/** GET /api/pages, GET /api/pages/:slug; GET, POST /api/admin/pages; PUT, PATCH, DELETE /api/admin/pages/:id. */
export function pageRoutes() {
  const router = new Hono<AppEnv>();

  router.get('/pages', revalidate, async (c) => c.json({ results: await pages.publishedPages(c.get('db')) }));

  router.get('/pages/:slug', revalidate, async (c) => {
    const slug = c.req.param('slug');
    // Not a slug: no page can have it.
    if (!isSlug(slug)) return c.json({ message: PAGE_NOT_FOUND }, 404);
    return c.json(await pages.publishedPage(c.get('db'), slug));
  });

  router.get('/admin/pages', async (c) => c.json({ results: await pages.allPages(c.get('db')) }));

  router.post('/admin/pages', async (c) => {
    const { page, publicChange } = await pages.createPage(writeContext(c), await jsonOf(c));
    siteChanged(c, 'pages', publicChange);
    return c.json({ message: 'Page created', page }, 201);
  });

  router.put('/admin/pages/:id', async (c) => {
    const { id } = validate(IdParam, c.req.param());
    const { page, publicChange } = await pages.updatePage(writeContext(c), id, await jsonOf(c));
    siteChanged(c, 'pages', publicChange);
    return c.json({ message: 'Page updated', page });
  });

  router.patch('/admin/pages/:id', async (c) => {
    const { id } = validate(IdParam, c.req.param());
    const { page, publicChange } = await pages.togglePage(writeContext(c), id, await jsonOf(c));
    siteChanged(c, 'pages', publicChange);
    return c.json({ message: page.published ? 'Page published' : 'Page unpublished', page });
  });

  router.delete('/admin/pages/:id', async (c) => {
    const { id } = validate(IdParam, c.req.param());
    const { publicChange } = await pages.deletePage(writeContext(c), id);
    siteChanged(c, 'pages', publicChange);
    return c.json({ message: 'Page deleted' });
  });

  return router;
}
