import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { revalidate, revalidatePerUser } from '../../http/revalidate.ts';
import { validParam } from '../../http/valid-input.ts';
import { checkAgainst } from '../../../shared/schemas/refusal.ts';
import * as content from './content.service.ts';

const SlugParam = z.object({
  slug: z
    .string()
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug'),
});
const slugParam = validParam(checkAgainst(SlugParam, 'slug'));

/** Public lists of section 7, each answering { results }. */
export const contentRoutes = new Hono<AppEnv>()
  .get('/products', revalidate, async (c) => c.json({ results: await content.products(c.get('db')) }))
  .get('/products/:slug', revalidate, slugParam, async (c) =>
    c.json(await content.productBySlug(c.get('db'), c.req.valid('param').slug)),
  )
  .get('/blogs', revalidate, async (c) => c.json({ results: await content.blogs(c.get('db')) }))
  .get('/blogs/:slug', revalidate, slugParam, async (c) =>
    c.json(await content.blogBySlug(c.get('db'), c.req.valid('param').slug)),
  )
  // Drafts (published = false) only for an admin's token (security.md R35), once a generated password was replaced (R8).
  .get('/photos', revalidatePerUser, async (c) => {
    const user = c.get('user');
    return c.json({ results: await content.photos(c.get('db'), user?.role === 'admin' && !user.mustChangePassword) });
  })
  .get('/videos', revalidate, async (c) => c.json({ results: await content.videos(c.get('db')) }))
  .get('/audios', revalidate, async (c) => c.json({ results: await content.audios(c.get('db')) }))
  .get('/events', revalidate, async (c) => c.json({ results: await content.events(c.get('db')) }))
  .get('/events/:slug', revalidate, slugParam, async (c) =>
    c.json(await content.eventBySlug(c.get('db'), c.req.valid('param').slug)),
  );
