/** A post's draft and history calls (drafts/draft.routes.ts) under /api/admin/blogs/:id, behind the guard's `posts` part. */
import type { AdminBlog, BlogDraftFields } from '../../../shared/schemas/blog-admin.ts';
import type { DraftRoutes } from '../drafts/draft.routes.ts';
import type { AdminBlogRow } from './blogs.admin.repository.ts';
import { blogDraftable } from './blog-drafts.service.ts';
import { oneBlog } from './blogs.admin.service.ts';

export const blogDrafts: DraftRoutes<AdminBlogRow, BlogDraftFields, AdminBlog> = {
  draftable: blogDraftable,
  path: '/admin/blogs/:id',
  site: 'blogs',
  item: oneBlog,
};
