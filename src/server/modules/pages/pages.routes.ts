/** Simple pages: public /api/pages (published only), admin /api/admin/pages (drafts too, admin-only). */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { revalidate } from '../../http/revalidate.ts';
import { jsonBody, validParam } from '../../http/valid-input.ts';
import { checkAgainst } from '../../../shared/schemas/refusal.ts';
import {
  checkPageChanges,
  checkPageCreate,
  checkPageToggles,
  PAGE_NOT_FOUND,
} from '../../../shared/schemas/page-admin.ts';
import { isSlug } from '../../../shared/slug.ts';
import * as pages from './pages.service.ts';
import { itemWriteContext } from '../drafts/item-write-context.ts';
import { siteChanged } from '../../site/site-changed.ts';

const writeContext = itemWriteContext;

const idParam = validParam(checkAgainst(z.object({ id: z.string().min(1).max(100) }), 'id'));

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

  router.post('/admin/pages', jsonBody(checkPageCreate), async (c) => {
    const { page, publicChange } = await pages.createPage(writeContext(c), c.req.valid('json'));
    siteChanged(c, 'pages', publicChange);
    return c.json({ message: 'Page created', page }, 201);
  });

  router.put('/admin/pages/:id', idParam, jsonBody(checkPageChanges), async (c) => {
    const { id } = c.req.valid('param');
    const { page, publicChange } = await pages.updatePage(writeContext(c), id, c.req.valid('json'));
    siteChanged(c, 'pages', publicChange);
    return c.json({ message: 'Page updated', page });
  });

  router.patch('/admin/pages/:id', idParam, jsonBody(checkPageToggles), async (c) => {
    const { id } = c.req.valid('param');
    const { page, publicChange } = await pages.togglePage(writeContext(c), id, c.req.valid('json'));
    siteChanged(c, 'pages', publicChange);
    return c.json({ message: page.published ? 'Page published' : 'Page unpublished', page });
  });

  router.delete('/admin/pages/:id', idParam, async (c) => {
    const { id } = c.req.valid('param');
    const { publicChange } = await pages.deletePage(writeContext(c), id);
    siteChanged(c, 'pages', publicChange);
    return c.json({ message: 'Page deleted' });
  });

  return router;
}
