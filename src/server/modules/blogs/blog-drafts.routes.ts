/**
 * A post's draft calls (drafts/draft.routes.ts) and its history (revisions/revision.routes.ts) under
 * /api/admin/blogs/:id, behind the guard's `posts` part.
 */
import type { AdminBlog, BlogDraft } from '../../../shared/schemas/blog-admin.ts';
import { readWriteBody } from '../../http/upload-form.ts';
import { signedInUser } from '../../middleware/auth.ts';
import type { DraftKind } from '../drafts/draft.routes.ts';
import type { RevisionKind } from '../revisions/revision.routes.ts';
import { BLOG_REVISION_FIELDS } from './blog-revisions.ts';
import {
  discardBlogDraft,
  publishBlogDraft,
  readBlogDraft,
  restoreBlogDraft,
  saveBlogDraft,
} from './blog-drafts.service.ts';
import { writeContext } from './blogs.admin.routes.ts';
import { oneBlog } from './blogs.admin.service.ts';

export const blogDrafts: DraftKind<BlogDraft, AdminBlog> = {
  type: 'blog',
  path: '/admin/blogs/:id',
  site: 'blogs',
  read: (c, id) => readBlogDraft(c.get('db'), signedInUser(c), id),
  save: async (c, id) => saveBlogDraft(writeContext(c), id, await readWriteBody(c, ['image'])),
  discard: (c, id) => discardBlogDraft(writeContext(c), id),
  publish: async (c, id) => {
    const { blog, publicChange } = await publishBlogDraft(writeContext(c), id);
    return { item: blog, publicChange };
  },
  visible: async (c, id) => {
    await oneBlog(c.get('db'), signedInUser(c), id);
  },
};

export const blogRevisions: RevisionKind<BlogDraft> = {
  type: 'blog',
  path: '/admin/blogs/:id',
  fields: BLOG_REVISION_FIELDS,
  visible: (c, id) => blogDrafts.visible(c, id),
  restore: (c, id, version, from) => restoreBlogDraft(writeContext(c), id, version, from),
};
