/**
 * The categories per content type: the public GET /api/categories (the site build reads it for its filters) and the
 * admin's list, add, rename, reorder and remove under /api/admin/categories, each write asking for the site rebuild.
 */
import { Hono, type Context } from 'hono';
import {
  CATEGORY_NOT_FOUND,
  checkCategoryChanges,
  checkCategoryCreate,
  checkCategoryListQuery,
  checkCategoryOrder,
  checkCategoryRemove,
  type CategoryKind,
} from '../../../shared/schemas/category.ts';
import type { AppEnv } from '../../app-env.ts';
import { notFound } from '../../http/errors.ts';
import { jsonBody, validQuery } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { siteChanged, type SiteChange } from '../../site/site-changed.ts';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  listCategories,
  reorderCategories,
  updateCategory,
  type CategoryWriteContext,
} from './categories.service.ts';

/** Category ids are server-made UUIDs; anything longer is no category. */
const ID_MAX = 100;

/** The public pages a kind's categories appear on (its list's filter). */
const CHANGES: Record<CategoryKind, SiteChange> = {
  product: 'products',
  blog: 'blogs',
  photo: 'photos',
  video: 'videos',
  audio: 'audio',
  event: 'events',
};

function writeContext(c: Context<AppEnv>): CategoryWriteContext {
  // The admin guard ran first, so the user is set.
  return { db: c.get('db'), actor: signedInUser(c) };
}

function categoryId(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (id.length > ID_MAX) throw notFound(CATEGORY_NOT_FOUND);
  return id;
}

const kindOf = (kind: '' | CategoryKind) => kind || undefined;

export function categoryRoutes() {
  return (
    new Hono<AppEnv>()
      .get('/categories', validQuery(checkCategoryListQuery), async (c) =>
        c.json({ results: await listCategories(c.get('db'), kindOf(c.req.valid('query').kind)) }),
      )
      .get('/admin/categories', validQuery(checkCategoryListQuery), async (c) =>
        c.json({ results: await listAdminCategories(c.get('db'), kindOf(c.req.valid('query').kind)) }),
      )
      .post('/admin/categories', jsonBody(checkCategoryCreate), async (c) => {
        const category = await createCategory(writeContext(c), c.req.valid('json'));
        siteChanged(c, CHANGES[category.kind]);
        return c.json({ message: `${category.name} was added`, category }, 201);
      })
      // Before /admin/categories/:id, which would otherwise take 'order' for an id.
      .put('/admin/categories/order', jsonBody(checkCategoryOrder), async (c) => {
        const { kind, ids } = c.req.valid('json');
        const results = await reorderCategories(writeContext(c), kind, ids);
        siteChanged(c, CHANGES[kind]);
        return c.json({ message: 'The new order was saved', results });
      })
      .put('/admin/categories/:id', jsonBody(checkCategoryChanges), async (c) => {
        const { category, moved } = await updateCategory(writeContext(c), categoryId(c), c.req.valid('json'));
        siteChanged(c, CHANGES[category.kind]);
        const items = moved > 0 ? ` (${moved} ${moved === 1 ? 'item' : 'items'} updated)` : '';
        return c.json({ message: `${category.name} was saved${items}`, category, moved });
      })
      .delete('/admin/categories/:id', validQuery(checkCategoryRemove), async (c) => {
        const { moveTo } = c.req.valid('query');
        const { category, moved, to } = await deleteCategory(writeContext(c), categoryId(c), moveTo);
        siteChanged(c, CHANGES[category.kind]);
        const items = moved > 0 && to ? `; ${moved} ${moved === 1 ? 'item' : 'items'} moved to ${to.name}` : '';
        return c.json({ message: `${category.name} was removed${items}`, moved });
      })
  );
}
