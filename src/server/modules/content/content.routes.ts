import { can } from '../../../shared/staff-roles.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { revalidate, revalidatePerUser } from '../../http/revalidate.ts';
import { validParam, validQuery } from '../../http/valid-input.ts';
import { checkListPage } from '../../../shared/schemas/list-page.ts';
import { checkAgainst } from '../../../shared/schemas/refusal.ts';
import * as content from './content.service.ts';
import { filteredList, type FilteredListName } from './filtered-lists.ts';
import { LIST_PAGE_SIZE } from '../../../shared/constants.ts';
import type { ListPage } from '../../../shared/schemas/list-page.ts';
import type { Context } from 'hono';

const SlugParam = z.object({
  slug: z
    .string()
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug'),
});
const slugParam = validParam(checkAgainst(SlugParam, 'slug'));
/** An optional limit and offset: one page and the total ({ results, total }) instead of every item. */
const listPage = validQuery(checkListPage);
const FIRST_PAGE = { limit: LIST_PAGE_SIZE, offset: 0 };

/** With filters or a sort in the query: the list as its page's island would show it, a page at a time. */
const filtered = (c: Context<AppEnv>, name: FilteredListName, page: ListPage | undefined) =>
  filteredList(c.get('db'), name, new URL(c.req.url).searchParams, page ?? FIRST_PAGE, new Date());

/** Public lists of section 7, each answering { results }, or { results, total } for a page (limit, offset). */
export const contentRoutes = new Hono<AppEnv>()
  .get('/products', revalidate, listPage, async (c) =>
    c.json(
      (await filtered(c, 'products', c.req.valid('query'))) ??
        (await content.products(c.get('db'), c.req.valid('query'))),
    ),
  )
  .get('/products/:slug', revalidate, slugParam, async (c) =>
    c.json(await content.productBySlug(c.get('db'), c.req.valid('param').slug)),
  )
  .get('/blogs', revalidate, listPage, async (c) =>
    c.json(
      (await filtered(c, 'blogs', c.req.valid('query'))) ?? (await content.blogs(c.get('db'), c.req.valid('query'))),
    ),
  )
  .get('/blogs/:slug', revalidate, slugParam, async (c) =>
    c.json(await content.blogBySlug(c.get('db'), c.req.valid('param').slug)),
  )
  // Drafts (published = false) only for a token whose role edits content (security.md R35), once a generated password
  // was replaced (R8).
  .get('/photos', revalidatePerUser, listPage, async (c) => {
    const user = c.get('user');
    const drafts = can(user?.role, 'content') && user?.mustChangePassword === false;
    // The filtered list is the public one: published photos only, whoever asks.
    return c.json(
      (await filtered(c, 'photos', c.req.valid('query'))) ??
        (await content.photos(c.get('db'), drafts, c.req.valid('query'))),
    );
  })
  .get('/videos', revalidate, listPage, async (c) =>
    c.json(
      (await filtered(c, 'videos', c.req.valid('query'))) ?? (await content.videos(c.get('db'), c.req.valid('query'))),
    ),
  )
  .get('/audios', revalidate, listPage, async (c) =>
    c.json(
      (await filtered(c, 'audios', c.req.valid('query'))) ?? (await content.audios(c.get('db'), c.req.valid('query'))),
    ),
  )
  .get('/events', revalidate, listPage, async (c) =>
    c.json(
      (await filtered(c, 'events', c.req.valid('query'))) ?? (await content.events(c.get('db'), c.req.valid('query'))),
    ),
  )
  .get('/events/:slug', revalidate, slugParam, async (c) =>
    c.json(await content.eventBySlug(c.get('db'), c.req.valid('param').slug)),
  );
