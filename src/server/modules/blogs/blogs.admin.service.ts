/**
 * Admin writes of blogs: content sanitised before it is stored, slugs kept unique, each write and
 * its audit entry in one transaction; a cover picture is stored before it and released when the write fails, is
 * replaced or its blog deleted. Each write says whether the public site changed, so the caller asks for a rebuild.
 */
import { randomUUID } from 'node:crypto';
import {
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
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    views: r.views,
    commentCount: r.comment_count ?? 0,
  };
}

/** GET /api/admin/blogs: every blog, drafts too, newest first. */
export async function allBlogs(db: Db): Promise<AdminBlog[]> {
  return (await listAllBlogRows(db)).map(adminBlogFromRow);
}

/** GET /api/admin/blogs/:id. */
export async function oneBlog(db: Db, id: string): Promise<AdminBlog> {
  const row = await findBlogRow(db, id);
  if (!row) throw notFound();
  return adminBlogFromRow(row);
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
  if (!(await findBlogRow(ctx.db, id))) throw notFound();
  const check = checkBlogChanges(form.fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  const values = await withKnownCategory(ctx.db, 'blog', check.value);
  const content = values.content === undefined ? undefined : await sanitizeRichText(values.content);
  const image = await storeFormPicture(ctx.db, ctx.dataDir, form, 'image', 'blog');
  const { blog, before } = await writeNamingFile(
    ctx,
    image,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await findBlogRow(trx, id);
        if (!before) throw notFound();
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

/** PATCH /api/admin/blogs/:id: publishes or unpublishes. */
export async function setBlogPublished(ctx: BlogWriteContext, id: string, published: boolean): Promise<BlogWrite> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findBlogRow(trx, id);
    if (!before) throw notFound();
    await updateBlogRow(trx, id, { published, updated_at: new Date().toISOString() });
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
