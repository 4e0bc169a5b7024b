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
import { releaseMediaIfUnused, writeNamingFile } from '../../media/media-release.ts';
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
import { can } from '../../../shared/staff-roles.ts';
import { isUniqueViolation } from '../../db/storage-errors.ts';
import { withKnownCategory } from '../categories/category-check.ts';

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
const label = (title: string) => `Blog "${title}"`;
/** A title with no letters or digits still gets an address. */
const FALLBACK_SLUG = 'post';

/** Row → the admin's blog DTO. */
export function adminBlogFromRow(r: AdminBlogRow): AdminBlog {
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
  };
}

/**
 * Whether `actor` edits every post (content: an editor, an admin); anyone else with the blog's routes (an author)
 * sees and changes only its own posts, never publishes, and leaves a post alone once an editor published it.
 */
const editsEveryPost = (actor: AuthUser) => can(actor.role, 'content');

/** The post as `actor` may see it: another author's post is not found. */
function visibleTo(actor: AuthUser, row: AdminBlogRow | undefined): AdminBlogRow {
  if (!row || (!editsEveryPost(actor) && row.author_id !== actor.id)) throw notFound();
  return row;
}

/** Refuses an author's change of a post an editor already published. */
function changeableBy(actor: AuthUser, row: AdminBlogRow | undefined): AdminBlogRow {
  const own = visibleTo(actor, row);
  if (!editsEveryPost(actor) && bool(own.published)) throw new ApiError(403, AUTHOR_POST_PUBLISHED);
  return own;
}

/** GET /api/admin/blogs: every blog, drafts too, newest first; an author's own only. */
export async function allBlogs(db: Db, actor: AuthUser): Promise<AdminBlog[]> {
  return (await listAllBlogRows(db, editsEveryPost(actor) ? undefined : actor.id)).map(adminBlogFromRow);
}

/** GET /api/admin/blogs/:id. */
export async function oneBlog(db: Db, actor: AuthUser, id: string): Promise<AdminBlog> {
  return adminBlogFromRow(visibleTo(actor, await findBlogRow(db, id)));
}

/**
 * The slug to store: an explicit one as sent (409 when another blog has it), otherwise one made from the title and
 * made unique with -2, -3….
 */
async function resolveSlug(db: Db, explicit: string, title: string, exceptId = ''): Promise<string> {
  if (explicit !== '') {
    if ((await slugsLike(db, explicit, exceptId)).has(explicit)) throw fieldError(409, BLOG_SLUG_TAKEN, 'slug');
    return explicit;
  }
  const base = slugify(title) || FALLBACK_SLUG;
  const taken = await slugsLike(db, base, exceptId);
  return uniqueSlug(base, (slug) => taken.has(slug));
}

/** Throws a unique-index refusal (two writes raced for one slug) as the same 409, anything else as it came. */
function rethrowSlugConflict(error: unknown): never {
  throw isUniqueViolation(error, 'slug') ? fieldError(409, BLOG_SLUG_TAKEN, 'slug') : error;
}

/** A text field `image` sent empty removes the cover (a file in `image` replaces it). */
const removesCover = (form: BlogForm) => form.fields['image'] === '' && !form.files['image'];

/** POST /api/admin/blogs. */
export async function createBlog(ctx: BlogWriteContext, form: BlogForm): Promise<BlogWrite> {
  const check = checkBlogCreate(form.fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  if (check.value.published && !editsEveryPost(ctx.actor)) throw new ApiError(403, AUTHOR_CANNOT_PUBLISH);
  const values = await withKnownCategory(ctx.db, 'blog', check.value);
  const content = await sanitizeRichText(values.content);
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
      const summary = `${label(values.title)} created${values.published ? '' : ' as a draft'}`;
      await recordAudit(trx, ctx.actor, { action: 'blog.create', target: { type: 'blog', id }, summary });
      return adminBlogFromRow(readBack(await findBlogRow(trx, id), `blog ${id}`));
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

/** PUT /api/admin/blogs/:id: the sent fields change, the others keep their values; a new cover replaces the old. */
export async function updateBlog(ctx: BlogWriteContext, id: string, form: BlogForm): Promise<BlogWrite> {
  changeableBy(ctx.actor, await findBlogRow(ctx.db, id));
  const check = checkBlogChanges(form.fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  if (check.value.published === true && !editsEveryPost(ctx.actor)) throw new ApiError(403, AUTHOR_CANNOT_PUBLISH);
  const values = await withKnownCategory(ctx.db, 'blog', check.value);
  const content = values.content === undefined ? undefined : await sanitizeRichText(values.content);
  const image = await storeFormPicture(ctx.db, ctx.dataDir, form, 'image', 'blog');
  const { blog, before } = await writeNamingFile(
    ctx,
    image,
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
        const cover = image ?? (removesCover(form) ? '' : before.image);
        await updateBlogRow(trx, id, {
          ...changedColumns(values, content),
          slug,
          image: cover,
          updated_at: new Date().toISOString(),
        });
        await claimMedia(trx, image);
        if (cover !== before.image) await unclaimMedia(trx, before.image);
        await recordAudit(trx, ctx.actor, {
          action: 'blog.update',
          target: { type: 'blog', id },
          summary: `${label(title)} updated`,
        });
        return { blog: adminBlogFromRow(readBack(await findBlogRow(trx, id), `blog ${id}`)), before };
      }),
    (written) => (written.blog.image !== written.before.image ? written.before.image : undefined),
  ).catch(rethrowSlugConflict);
  return { blog, publicChange: blog.published || bool(before.published) };
}

/** PATCH /api/admin/blogs/:id: publishes or unpublishes (not an author); a published post waits for no review. */
export async function setBlogPublished(ctx: BlogWriteContext, id: string, published: boolean): Promise<BlogWrite> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = visibleTo(ctx.actor, await findBlogRow(trx, id));
    if (!editsEveryPost(ctx.actor)) throw new ApiError(403, AUTHOR_CANNOT_PUBLISH);
    await updateBlogRow(trx, id, {
      published,
      ...(published ? { submitted_at: null } : {}),
      updated_at: new Date().toISOString(),
    });
    const summary = `${label(before.title)} ${published ? 'published' : 'unpublished'}`;
    await recordAudit(trx, ctx.actor, { action: 'blog.update', target: { type: 'blog', id }, summary });
    return {
      blog: adminBlogFromRow(readBack(await findBlogRow(trx, id), `blog ${id}`)),
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
    await unclaimMedia(trx, deleted.image);
    await recordAudit(trx, ctx.actor, {
      action: 'blog.delete',
      target: { type: 'blog', id },
      summary: `${label(deleted.title)} deleted`,
    });
    return deleted;
  });
  await releaseMediaIfUnused(ctx.db, ctx.dataDir, row.image);
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
    return adminBlogFromRow(readBack(await findBlogRow(trx, id), `blog ${id}`));
  });
}
