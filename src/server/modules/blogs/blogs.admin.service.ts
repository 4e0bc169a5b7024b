/**
 * Admin writes of blogs: content sanitised before it is stored, slugs kept unique, each write and
 * its audit entry in one transaction; a cover picture is stored before it and released when the write fails, is
 * replaced or its blog deleted. Each write says whether the public site changed, so the caller asks for a rebuild.
 */
import { randomUUID } from 'node:crypto';
import {
  AUTHOR_CANNOT_PUBLISH,
  AUTHOR_POST_PUBLISHED,
  BLOG_NOT_FOUND,
  BLOG_SLUG_TAKEN,
  checkBlogChanges,
  checkBlogCreate,
  type AdminBlog,
  type BlogChangeValues,
} from '../../../shared/schemas/blog-admin.ts';
import { slugify, uniqueSlug } from '../../../shared/slug.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { storeFormPicture, type WriteBody } from '../../media/upload-check.ts';
import { releaseEachIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { bool } from '../content/content.mappers.ts';
import {
  deleteBlogRow,
  findBlogRow,
  insertBlogRow,
  listAllBlogRows,
  slugsLike,
  updateBlogRow,
  type AdminBlogRow,
} from './blogs.admin.repository.ts';
import { sanitizeRichText } from './rich-text.ts';
import { requireAltText, withLibraryAltText } from '../../media/inline-pictures.ts';
import { can } from '../../../shared/staff-roles.ts';
import { isUniqueViolation } from '../../db/storage-errors.ts';
import { withKnownCategory } from '../categories/category-check.ts';
import type { DraftInfo } from '../../../shared/drafts.ts';
import { deleteDraftRow, draftInfo, draftInfos, findDraftRow } from '../drafts/drafts.repository.ts';
import type { ItemWriteNote, PictureChange } from '../drafts/draft.service.ts';
import { dropItemRevisions, keepItemVersion, pruneRevisions } from '../revisions/keep-revision.ts';
import { blogVersioned } from './blog-revisions.ts';

/** Where stored pictures live (DATA_DIR) and who is writing. */
export interface BlogWriteContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

/** A write's result, and whether anything the public site shows changed with it. */
export interface BlogWrite {
  blog: AdminBlog;
  publicChange: boolean;
}

/** The form as the routes read it: text fields (multipart) or a JSON object, and the cover file if one came. */
export type BlogForm = WriteBody;

const notFound = () => new ApiError(404, BLOG_NOT_FOUND);
export const label = (title: string) => `Blog "${title}"`;
/** A title with no letters or digits still gets an address. */
const FALLBACK_SLUG = 'post';

/** Row → the admin's blog DTO, with who saved its draft (null: none). */
export function adminBlogFromRow(r: AdminBlogRow, draft: DraftInfo | null = null): AdminBlog {
  return {
    _id: r.id,
    title: r.title,
    slug: r.slug,
    caption: r.caption,
    content: r.content,
    image: r.image,
    category: r.category,
    tags: parseStringArray(r.tags),
    published: bool(r.published),
    author: `${r.author_first_name ?? ''} ${r.author_last_name ?? ''}`.trim(),
    authorId: r.author_id,
    submittedAt: r.submitted_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    views: r.views,
    commentCount: r.comment_count ?? 0,
    draft,
  };
}

/** The blog as the admin sees it after a write, its draft included. */
async function readAdminBlog(db: Db, id: string): Promise<AdminBlog> {
  const draft = await findDraftRow(db, 'blog', id);
  return adminBlogFromRow(readBack(await findBlogRow(db, id), `blog ${id}`), draft ? draftInfo(draft) : null);
}

/**
 * Whether `actor` edits every post (content: an editor, an admin); anyone else with the blog's routes (an author)
 * sees and changes only its own posts, never publishes, and leaves a post alone once an editor published it.
 */
export const editsEveryPost = (actor: AuthUser) => can(actor.role, 'content');

/** The post as `actor` may see it: another author's post is not found. */
export function visibleTo(actor: AuthUser, row: AdminBlogRow | undefined): AdminBlogRow {
  if (!row || (!editsEveryPost(actor) && row.author_id !== actor.id)) throw notFound();
  return row;
}

/** Refuses an author's change of a post an editor already published. */
export function changeableBy(actor: AuthUser, row: AdminBlogRow | undefined): AdminBlogRow {
  const own = visibleTo(actor, row);
  if (!editsEveryPost(actor) && bool(own.published)) throw new ApiError(403, AUTHOR_POST_PUBLISHED);
  return own;
}

/** GET /api/admin/blogs: every blog, drafts too, newest first; an author's own only. */
export async function allBlogs(db: Db, actor: AuthUser): Promise<AdminBlog[]> {
  const [rows, drafts] = await Promise.all([
    listAllBlogRows(db, editsEveryPost(actor) ? undefined : actor.id),
    draftInfos(db, 'blog'),
  ]);
  return rows.map((row) => adminBlogFromRow(row, drafts.get(row.id) ?? null));
}

/** GET /api/admin/blogs/:id. */
export async function oneBlog(db: Db, actor: AuthUser, id: string): Promise<AdminBlog> {
  visibleTo(actor, await findBlogRow(db, id));
  return readAdminBlog(db, id);
}

/**
 * The slug to store: an explicit one as sent (409 when another blog has it), otherwise one made from the title and
 * made unique with -2, -3….
 */
export async function resolveSlug(db: Db, explicit: string, title: string, exceptId = ''): Promise<string> {
  if (explicit !== '') {
    if ((await slugsLike(db, explicit, exceptId)).has(explicit)) throw fieldError(409, BLOG_SLUG_TAKEN, 'slug');
    return explicit;
  }
  const base = slugify(title) || FALLBACK_SLUG;
  const taken = await slugsLike(db, base, exceptId);
  return uniqueSlug(base, (slug) => taken.has(slug));
}

/** Throws a unique-index refusal (two writes raced for one slug) as the same 409, anything else as it came. */
export function rethrowSlugConflict(error: unknown): never {
  throw isUniqueViolation(error, 'slug') ? fieldError(409, BLOG_SLUG_TAKEN, 'slug') : error;
}

/** A text field `image` sent empty removes the cover (a file in `image` replaces it). */
export const removesCover = (form: BlogForm) => form.fields['image'] === '' && !form.files['image'];

/** POST /api/admin/blogs. */
export async function createBlog(ctx: BlogWriteContext, form: BlogForm): Promise<BlogWrite> {
  const check = checkBlogCreate(form.fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  if (check.value.published && !editsEveryPost(ctx.actor)) throw new ApiError(403, AUTHOR_CANNOT_PUBLISH);
  const values = await withKnownCategory(ctx.db, 'blog', check.value);
  const content = await withLibraryAltText(ctx.db, await sanitizeRichText(values.content));
  if (values.published) await requireAltText(ctx.db, content);
  const image = await storeFormPicture(ctx.db, ctx.dataDir, form, 'image', 'blog');
  const id = randomUUID();
  const blog = await writeNamingFile(ctx, image, () =>
    ctx.db.transaction().execute(async (trx) => {
      const slug = await resolveSlug(trx, values.slug, values.title);
      await insertBlogRow(trx, {
        id,
        title: values.title,
        slug,
        content,
        caption: values.caption,
        image: image ?? '',
        category: values.category,
        tags: JSON.stringify(values.tags),
        published: values.published,
        created_at: new Date().toISOString(),
        updated_at: null,
        author_id: ctx.actor.id,
      });
      await claimMedia(trx, image);
      await keepItemVersion(trx, blogVersioned, ctx.actor, id, 'create', readBack(await findBlogRow(trx, id), id));
      const summary = `${label(values.title)} created${values.published ? '' : ' as a draft'}`;
      await recordAudit(trx, ctx.actor, { action: 'blog.create', target: { type: 'blog', id }, summary });
      return readAdminBlog(trx, id);
    }),
  ).catch(rethrowSlugConflict);
  return { blog, publicChange: blog.published };
}

/** The columns a PUT changes (content already sanitised). */
function changedColumns(values: BlogChangeValues, content: string | undefined) {
  return {
    ...(values.title !== undefined ? { title: values.title } : {}),
    ...(values.caption !== undefined ? { caption: values.caption } : {}),
    ...(content !== undefined ? { content } : {}),
    ...(values.category !== undefined ? { category: values.category } : {}),
    ...(values.tags !== undefined ? { tags: JSON.stringify(values.tags) } : {}),
    ...(values.published !== undefined ? { published: values.published } : {}),
  };
}

/** Changes checked against the company's categories, content sanitised; a publish refused to an author. */
export interface PreparedChanges {
  values: BlogChangeValues;
  /** The sanitised content, when it changes. */
  content: string | undefined;
}

export async function prepareBlogChanges(ctx: BlogWriteContext, changes: BlogChangeValues): Promise<PreparedChanges> {
  if (changes.published === true && !editsEveryPost(ctx.actor)) throw new ApiError(403, AUTHOR_CANNOT_PUBLISH);
  const values = await withKnownCategory(ctx.db, 'blog', changes);
  const content =
    values.content === undefined ? undefined : await withLibraryAltText(ctx.db, await sanitizeRichText(values.content));
  return { values, content };
}

/** PUT /api/admin/blogs/:id: the sent fields change, the others keep their values; a new cover replaces the old. */
export async function updateBlog(ctx: BlogWriteContext, id: string, form: BlogForm): Promise<BlogWrite> {
  changeableBy(ctx.actor, await findBlogRow(ctx.db, id));
  const check = checkBlogChanges(form.fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  const changes = await prepareBlogChanges(ctx, check.value);
  const image = await storeFormPicture(ctx.db, ctx.dataDir, form, 'image', 'blog');
  return writeBlogChanges(
    ctx,
    id,
    changes,
    { image, remove: removesCover(form) },
    { what: 'updated', action: 'update' },
  );
}

/**
 * Writes prepared changes to a post (a PUT, or a draft being published) and keeps the version it made; the cover the
 * write replaced leaves the media store once nothing names it, and versions beyond the limit are pruned.
 */
export async function writeBlogChanges(
  ctx: BlogWriteContext,
  id: string,
  { values, content }: PreparedChanges,
  cover: PictureChange,
  { what, action, also }: ItemWriteNote,
): Promise<BlogWrite> {
  const { blog, before } = await writeNamingFile(
    ctx,
    cover.image,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        // Checked again inside the write: an editor may have published it meanwhile.
        const before = changeableBy(ctx.actor, await findBlogRow(trx, id));
        const title = values.title ?? before.title;
        // An unsent slug stays; one sent empty is made again from the (new) title.
        const slug =
          values.slug === undefined || values.slug === before.slug
            ? before.slug
            : await resolveSlug(trx, values.slug, title, id);
        const image = cover.image ?? (cover.remove ? '' : before.image);
        await updateBlogRow(trx, id, {
          ...changedColumns(values, content),
          slug,
          image,
          ...(values.published === true ? { submitted_at: null } : {}),
          updated_at: new Date().toISOString(),
        });
        await claimMedia(trx, cover.image);
        if (image !== before.image) await unclaimMedia(trx, before.image);
        await also?.(trx);
        const after = readBack(await findBlogRow(trx, id), `blog ${id}`);
        if (bool(after.published)) await requireAltText(trx, after.content);
        await keepItemVersion(trx, blogVersioned, ctx.actor, id, action, after, before);
        await recordAudit(trx, ctx.actor, {
          action: 'blog.update',
          target: { type: 'blog', id },
          summary: `${label(title)} ${what}`,
        });
        return { blog: await readAdminBlog(trx, id), before };
      }),
    (written) => (written.blog.image !== written.before.image ? written.before.image : undefined),
  ).catch(rethrowSlugConflict);
  await pruneRevisions(ctx, 'blog', id);
  return { blog, publicChange: blog.published || bool(before.published) };
}

/** PATCH /api/admin/blogs/:id: publishes or unpublishes (not an author); a published post waits for no review. */
export async function setBlogPublished(ctx: BlogWriteContext, id: string, published: boolean): Promise<BlogWrite> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = visibleTo(ctx.actor, await findBlogRow(trx, id));
    if (!editsEveryPost(ctx.actor)) throw new ApiError(403, AUTHOR_CANNOT_PUBLISH);
    if (published) await requireAltText(trx, before.content);
    await updateBlogRow(trx, id, {
      published,
      ...(published ? { submitted_at: null } : {}),
      updated_at: new Date().toISOString(),
    });
    const summary = `${label(before.title)} ${published ? 'published' : 'unpublished'}`;
    await recordAudit(trx, ctx.actor, { action: 'blog.update', target: { type: 'blog', id }, summary });
    return {
      blog: await readAdminBlog(trx, id),
      publicChange: published !== bool(before.published),
    };
  });
}

/** DELETE /api/admin/blogs/:id: its comments go with it; its cover leaves DATA_DIR/media once nothing else names it. */
export async function deleteBlog(ctx: BlogWriteContext, id: string): Promise<{ publicChange: boolean }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    changeableBy(ctx.actor, await findBlogRow(trx, id));
    const deleted = await deleteBlogRow(trx, id);
    if (!deleted) throw notFound();
    const draft = await deleteDraftRow(trx, 'blog', id);
    await unclaimMedia(trx, deleted.image, draft?.picture);
    const versionPictures = await dropItemRevisions(trx, 'blog', id);
    await recordAudit(trx, ctx.actor, {
      action: 'blog.delete',
      target: { type: 'blog', id },
      summary: `${label(deleted.title)} deleted`,
    });
    return { ...deleted, draftPicture: draft?.picture, versionPictures };
  });
  await releaseEachIfUnused(ctx, [row.image, row.draftPicture, ...row.versionPictures]);
  return { publicChange: bool(row.published) };
}

/** POST /api/admin/blogs/:id/submit: the author sends a draft for review; editors see it waiting. */
export async function submitBlog(ctx: BlogWriteContext, id: string): Promise<AdminBlog> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = changeableBy(ctx.actor, await findBlogRow(trx, id));
    if (bool(before.published)) throw new ApiError(409, 'This post is already published.');
    await updateBlogRow(trx, id, { submitted_at: new Date().toISOString() });
    await recordAudit(trx, ctx.actor, {
      action: 'blog.update',
      target: { type: 'blog', id },
      summary: `${label(before.title)} sent for review`,
    });
    return readAdminBlog(trx, id);
  });
}
