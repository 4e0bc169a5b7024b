/**
 * Blog writes: /api/admin/blogs, drafts included; behind the admin guard's `posts` part, where an author reaches only
 * its own drafts (blogs.admin.service.ts).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { BLOG_SUBMITTED } from '../../../shared/schemas/blog-admin.ts';
import { checkWithMessages } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import { readWriteBody, uploadBodyLimit } from '../../http/upload-form.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import {
  allBlogs,
  createBlog,
  deleteBlog,
  oneBlog,
  setBlogPublished,
  submitBlog,
  updateBlog,
  type BlogWriteContext,
} from './blogs.admin.service.ts';
import { siteChanged } from '../../site/site-changed.ts';

const checkPublished = checkWithMessages(
  z.object({ published: z.boolean() }),
  { published: 'Published must be true or false.' },
  'published',
);

export function writeContext(c: Context<AppEnv>): BlogWriteContext {
  // The admin guard ran first, so the user is set.
  return { db: c.get('db'), dataDir: c.get('env').DATA_DIR, actor: signedInUser(c) };
}

/** The blog form: multipart (a cover may come with it) or a JSON object. */
const blogForm = (c: Context<AppEnv>) => readWriteBody(c, ['image']);

/** GET, POST /api/admin/blogs; GET, PUT, PATCH, DELETE /api/admin/blogs/:id. */
export function blogAdminRoutes() {
  const router = new Hono<AppEnv>();

  router.get('/admin/blogs', async (c) => c.json({ results: await allBlogs(c.get('db'), signedInUser(c)) }));

  router.get('/admin/blogs/:id', async (c) =>
    c.json({ blog: await oneBlog(c.get('db'), signedInUser(c), c.req.param('id')) }),
  );

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

  router.patch('/admin/blogs/:id', jsonBody(checkPublished), async (c) => {
    const { published } = c.req.valid('json');
    const { blog, publicChange } = await setBlogPublished(writeContext(c), c.req.param('id'), published);
    siteChanged(c, 'blogs', publicChange);
    return c.json({ message: blog.published ? 'Blog published' : 'Blog unpublished', blog });
  });

  router.post('/admin/blogs/:id/submit', async (c) => {
    const blog = await submitBlog(writeContext(c), c.req.param('id'));
    return c.json({ message: BLOG_SUBMITTED, blog });
  });

  router.delete('/admin/blogs/:id', async (c) => {
    const { publicChange } = await deleteBlog(writeContext(c), c.req.param('id'));
    siteChanged(c, 'blogs', publicChange);
    return c.json({ message: 'Blog deleted' });
  });

  return router;
}
