/**
 * A post's draft: changes saved without reaching the public site (who may change the post may keep a draft of it),
 * shown by a preview link, and published by an editor, when the draft becomes the live post in one transaction.
 */
import {
  AUTHOR_CANNOT_PUBLISH,
  checkBlogChanges,
  type BlogDraft,
  type BlogDraftFields,
  type AdminBlog,
} from '../../../shared/schemas/blog-admin.ts';
import { DRAFT_NOT_FOUND } from '../../../shared/drafts.ts';
import { omit } from '../../../shared/omit.ts';
import type { Blog } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { releaseMediaIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { storeFormPicture } from '../../media/upload-check.ts';
import { actorName, recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { blogFromRow, bool } from '../content/content.mappers.ts';
import { deleteDraftRow, draftInfo, findDraftRow, putDraftRow, type DraftRow } from '../drafts/drafts.repository.ts';
import { keepRevision, pruneRevisions, type Version } from '../revisions/keep-revision.ts';
import { findBlogRow, type AdminBlogRow } from './blogs.admin.repository.ts';
import { BLOG_REVISION_FIELDS, blogBefore, blogFieldsOfRow, blogVersion } from './blog-revisions.ts';
import {
  changeableBy,
  editsEveryPost,
  label,
  oneBlog,
  prepareBlogChanges,
  removesCover,
  resolveSlug,
  visibleTo,
  writeBlogChanges,
  type CoverChange,
  type PreparedChanges,
  type BlogForm,
  type BlogWrite,
  type BlogWriteContext,
} from './blogs.admin.service.ts';

const noDraft = () => new ApiError(404, DRAFT_NOT_FOUND);

/** A stored draft's fields; what the row lacks (written by an older version) comes from the post. */
function fieldsOfDraft(draft: DraftRow, row: AdminBlogRow): BlogDraftFields {
  const stored = JSON.parse(draft.fields) as Partial<BlogDraftFields>;
  return { ...blogFieldsOfRow(row), ...stored, image: draft.picture };
}

const blogDraft = (draft: DraftRow, row: AdminBlogRow): BlogDraft => ({
  ...draftInfo(draft),
  fields: fieldsOfDraft(draft, row),
});

/** GET /api/admin/blogs/:id/draft. */
export async function readBlogDraft(db: Db, actor: AuthUser, id: string): Promise<BlogDraft> {
  const row = visibleTo(actor, await findBlogRow(db, id));
  const draft = await findDraftRow(db, 'blog', id);
  if (!draft) throw noDraft();
  return blogDraft(draft, row);
}

/**
 * PUT /api/admin/blogs/:id/draft: the sent fields change the draft (started from the post when it had none), checked
 * as a PUT of the post is; `published` is not a draft's to change. A new cover is stored for the draft alone.
 */
export async function saveBlogDraft(ctx: BlogWriteContext, id: string, form: BlogForm): Promise<BlogDraft> {
  changeableBy(ctx.actor, await findBlogRow(ctx.db, id));
  const check = checkBlogChanges(omit(form.fields, 'published'));
  if (!check.ok) throw fieldError(400, check.message, check.field);
  const changes = await prepareBlogChanges(ctx, check.value);
  const image = await storeFormPicture(ctx.db, ctx.dataDir, form, 'image', 'blog');
  return writeBlogDraft(ctx, id, changes, { image, remove: removesCover(form) }, { action: 'draft', what: 'saved' });
}

/**
 * POST /api/admin/blogs/:id/revisions/:revision/restore: a kept version becomes the post's draft, checked as a saved
 * draft is (an address another post took since is refused), with the version's cover.
 */
export async function restoreBlogDraft(
  ctx: BlogWriteContext,
  id: string,
  version: Version,
  from: number,
): Promise<BlogDraft> {
  changeableBy(ctx.actor, await findBlogRow(ctx.db, id));
  const check = checkBlogChanges(omit(version.fields, 'published'));
  if (!check.ok) throw fieldError(400, check.message, check.field);
  const changes = await prepareBlogChanges(ctx, check.value);
  const cover = { image: version.picture || undefined, remove: version.picture === '' };
  return writeBlogDraft(ctx, id, changes, cover, {
    action: 'restore',
    what: `restored from version ${from}`,
    restoredFrom: from,
  });
}

/** Writes prepared changes to the post's draft and keeps the version; versions beyond the limit are pruned after. */
async function writeBlogDraft(
  ctx: BlogWriteContext,
  id: string,
  { values, content }: PreparedChanges,
  cover: CoverChange,
  note: { action: 'draft' | 'restore'; what: string; restoredFrom?: number },
): Promise<BlogDraft> {
  const { draft } = await writeNamingFile(
    ctx,
    cover.image,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const row = changeableBy(ctx.actor, await findBlogRow(trx, id));
        const before = await findDraftRow(trx, 'blog', id);
        const base = before ? fieldsOfDraft(before, row) : blogFieldsOfRow(row);
        // An address another post has is refused now (the post's own rule), not when the draft is published.
        if (values.slug) await resolveSlug(trx, values.slug, base.title, id);
        const fields: BlogDraftFields = {
          title: values.title ?? base.title,
          slug: values.slug ?? base.slug,
          caption: values.caption ?? base.caption,
          content: content ?? base.content,
          category: values.category ?? base.category,
          tags: values.tags ?? base.tags,
          image: cover.image ?? (cover.remove ? '' : base.image),
        };
        const saved: DraftRow = {
          item_type: 'blog',
          item_id: id,
          fields: JSON.stringify(omit(fields, 'image')),
          picture: fields.image,
          saved_by: ctx.actor.id,
          saved_by_name: actorName(ctx.actor),
          saved_at: new Date().toISOString(),
        };
        await putDraftRow(trx, saved);
        await claimMedia(trx, cover.image);
        const replaced = before && before.picture !== fields.image ? before.picture : undefined;
        // A picture only the old draft named is no longer needed; the post's own stays.
        if (replaced && replaced !== row.image) await unclaimMedia(trx, replaced);
        await keepRevision(trx, {
          type: 'blog',
          id,
          action: note.action,
          fields: BLOG_REVISION_FIELDS,
          version: blogVersion(fields),
          actor: ctx.actor,
          before: blogBefore(row),
          ...(note.restoredFrom === undefined ? {} : { restoredFrom: note.restoredFrom }),
        });
        await recordAudit(trx, ctx.actor, {
          action: 'blog.draft',
          target: { type: 'blog', id },
          summary: `${label(fields.title)} draft ${note.what}`,
        });
        return { draft: blogDraft(saved, row), dropped: replaced !== row.image ? replaced : undefined };
      }),
    (written) => written.dropped,
  );
  await pruneRevisions(ctx, 'blog', id);
  return draft;
}

/** DELETE /api/admin/blogs/:id/draft: the post stays as it is; a picture only the draft named is released. */
export async function discardBlogDraft(ctx: BlogWriteContext, id: string): Promise<AdminBlog> {
  const picture = await ctx.db.transaction().execute(async (trx) => {
    const row = changeableBy(ctx.actor, await findBlogRow(trx, id));
    const draft = await deleteDraftRow(trx, 'blog', id);
    if (!draft) throw noDraft();
    const own = draft.picture !== row.image ? draft.picture : undefined;
    await unclaimMedia(trx, own);
    await recordAudit(trx, ctx.actor, {
      action: 'blog.draft',
      target: { type: 'blog', id },
      summary: `${label(row.title)} draft discarded`,
    });
    return own;
  });
  await releaseMediaIfUnused(ctx.db, ctx.dataDir, picture);
  return oneBlog(ctx.db, ctx.actor, id);
}

/**
 * POST /api/admin/blogs/:id/draft/publish: an editor makes the draft the live post, published, checked again as a PUT
 * is (a category deleted since, an address taken since); the draft goes in the same transaction.
 */
export async function publishBlogDraft(ctx: BlogWriteContext, id: string): Promise<BlogWrite> {
  const row = visibleTo(ctx.actor, await findBlogRow(ctx.db, id));
  if (!editsEveryPost(ctx.actor)) throw new ApiError(403, AUTHOR_CANNOT_PUBLISH);
  const draft = await findDraftRow(ctx.db, 'blog', id);
  if (!draft) throw noDraft();
  const fields = fieldsOfDraft(draft, row);
  const check = checkBlogChanges({ ...omit(fields, 'image'), published: true });
  if (!check.ok) throw fieldError(400, check.message, check.field);
  const changes = await prepareBlogChanges(ctx, check.value);
  const cover =
    fields.image === row.image
      ? { image: undefined, remove: false }
      : { image: fields.image || undefined, remove: fields.image === '' };
  return writeBlogChanges(ctx, id, changes, cover, {
    what: 'published from its draft',
    action: 'publish',
    also: async (trx) => {
      // Published meanwhile by someone else, or discarded: nothing of it is written.
      const still = await deleteDraftRow(trx, 'blog', id);
      if (still?.saved_at !== draft.saved_at)
        throw new ApiError(409, 'The draft changed while it was being published. Please try again.');
    },
  });
}

/** The post as its page will show it: the draft applied when it has one (a preview link's view). */
export async function blogPreview(
  db: Db,
  id: string,
): Promise<{ item: Blog; draft: boolean; published: boolean } | null> {
  const row = await findBlogRow(db, id);
  if (!row) return null;
  const draft = await findDraftRow(db, 'blog', id);
  const fields = draft ? fieldsOfDraft(draft, row) : blogFieldsOfRow(row);
  const item = blogFromRow({ ...row, ...fields, tags: JSON.stringify(fields.tags) }, []);
  return { item, draft: draft !== undefined, published: bool(row.published) };
}
