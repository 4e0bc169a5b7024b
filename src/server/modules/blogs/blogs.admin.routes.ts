/** Blog writes: /api/admin/blogs, drafts included; every route is admin-only. */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { readUploadForm, uploadBodyLimit } from '../../http/upload-form.ts';
import { mediaType } from '../../http/validate.ts';
import { signedInUser } from '../../middleware/auth.ts';
import {
  allBlogs,
  createBlog,
  deleteBlog,
  oneBlog,
  setBlogPublished,
  updateBlog,
  type BlogForm,
  type BlogWriteContext,
} from './blogs.admin.service.ts';
import { siteChanged } from '../../site/site-changed.ts';

const PublishedBody = z.object({ published: z.boolean() });

function writeContext(c: Context<AppEnv>): BlogWriteContext {
  // The admin guard ran first, so the user is set.
  return { db: c.get('db'), dataDir: c.get('env').DATA_DIR, actor: signedInUser(c) };
}

/** The blog form: multipart (a cover may come with it) or a JSON object. */
async function blogForm(c: Context<AppEnv>): Promise<BlogForm> {
  const type = mediaType(c.req.header('content-type'));
  if (type === 'multipart/form-data') return readUploadForm(c, ['image']);
  if (type !== 'application/json')
    throw new ApiError(415, 'Content-Type must be application/json or multipart/form-data');
  const body: unknown = await c.req.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(400, 'Request body must be a JSON object');
  return { fields: body as Record<string, unknown>, files: {} };
}

/** GET, POST /api/admin/blogs; GET, PUT, PATCH, DELETE /api/admin/blogs/:id. */
export function blogAdminRoutes() {
  const router = new Hono<AppEnv>();

  router.get('/admin/blogs', async (c) => c.json({ results: await allBlogs(c.get('db')) }));

  router.get('/admin/blogs/:id', async (c) => c.json({ blog: await oneBlog(c.get('db'), c.req.param('id')) }));

  router.post('/admin/blogs', uploadBodyLimit(1), async (c) => {
    const { blog, publicChange } = await createBlog(writeContext(c), await blogForm(c));
    siteChanged(c, 'blogs', publicChange);
    return c.json({ message: 'Blog created', blog }, 201);
  });

  router.put('/admin/blogs/:id', uploadBodyLimit(1), async (c) => {
    const { blog, publicChange } = await updateBlog(writeContext(c), c.req.param('id'), await blogForm(c));
    siteChanged(c, 'blogs', publicChange);
    return c.json({ message: 'Blog updated', blog });
  });

  router.patch('/admin/blogs/:id', async (c) => {
    const parsed = PublishedBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw fieldError(400, 'published: must be true or false', 'published');
    const { blog, publicChange } = await setBlogPublished(writeContext(c), c.req.param('id'), parsed.data.published);
    siteChanged(c, 'blogs', publicChange);
    return c.json({ message: blog.published ? 'Blog published' : 'Blog unpublished', blog });
  });

  router.delete('/admin/blogs/:id', async (c) => {
    const { publicChange } = await deleteBlog(writeContext(c), c.req.param('id'));
    siteChanged(c, 'blogs', publicChange);
    return c.json({ message: 'Blog deleted' });
  });

  return router;
}
