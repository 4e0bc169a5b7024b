/**
 * A post as its drafts and versions see it (drafts/draft.service.ts): who may change it may keep a draft of it (an
 * author its own unpublished posts), an editor publishes it, and a draft's address is refused when another post has it.
 */
import { AUTHOR_CANNOT_PUBLISH, checkBlogChanges, type BlogDraftFields } from '../../../shared/schemas/blog-admin.ts';
import { omit } from '../../../shared/omit.ts';
import type { Blog } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { blogFromRow, bool } from '../content/content.mappers.ts';
import { previewFields, type Draftable } from '../drafts/draft.service.ts';
import { findBlogRow, type AdminBlogRow } from './blogs.admin.repository.ts';
import {
  changeableBy,
  editsEveryPost,
  label,
  prepareBlogChanges,
  resolveSlug,
  visibleTo,
  writeBlogChanges,
} from './blogs.admin.service.ts';
import { blogVersioned } from './blog-revisions.ts';

export const blogDraftable: Draftable<AdminBlogRow, BlogDraftFields> = {
  ...blogVersioned,
  label: (fields) => label(fields.title),
  upload: { purpose: 'blog', removable: true },
  find: findBlogRow,
  visible: visibleTo,
  changeable: changeableBy,
  mayPublish: (actor) => {
    if (!editsEveryPost(actor)) throw new ApiError(403, AUTHOR_CANNOT_PUBLISH);
  },
  prepare: async (ctx, input) => {
    const check = checkBlogChanges(input);
    if (!check.ok) throw fieldError(400, check.message, check.field);
    const { values, content } = await prepareBlogChanges(ctx, check.value);
    return { ...omit(values, 'published'), ...(content === undefined ? {} : { content }) };
  },
  // An address another post has is refused now (the post's own rule), not when the draft is published.
  claims: async (trx, changes, base, id) => {
    if (changes.slug) await resolveSlug(trx, changes.slug, base.title, id);
  },
  publish: async (ctx, id, fields, picture, also) => {
    const check = checkBlogChanges({ ...omit(fields, 'image'), published: true });
    if (!check.ok) throw fieldError(400, check.message, check.field);
    const changes = await prepareBlogChanges(ctx, check.value);
    return writeBlogChanges(ctx, id, changes, picture, { what: 'published from its draft', action: 'publish', also });
  },
};

/** The post as its page will show it: the draft applied when it has one (a preview link's view). */
export async function blogPreview(
  db: Db,
  id: string,
): Promise<{ item: Blog; draft: boolean; published: boolean } | null> {
  const found = await previewFields(db, blogDraftable, id);
  if (!found) return null;
  const { row, fields, draft } = found;
  const item = blogFromRow({ ...row, ...fields, tags: JSON.stringify(fields.tags) }, []);
  return { item, draft, published: bool(row.published) };
}
