/**
 * Simple pages: public reads of published pages, and admin writes with the content sanitised
 * before it is stored, slugs unique and never a site route's, each write and its audit entry in one transaction.
 * Each write says whether the public site changed, so the caller asks for a rebuild.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AdminPage, PageLink, PublicPage } from '../../../shared/pages.ts';
import {
  PAGE_NOT_FOUND,
  type PageChangeValues,
  type PageToggleValues,
  type PageValues,
  PAGE_SLUG_TAKEN,
  RESERVED_PAGE_SLUGS,
} from '../../../shared/schemas/page-admin.ts';
import { slugify, uniqueSlug } from '../../../shared/slug.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import type { PagesTable } from '../../db/schema.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { sanitizeRichText } from '../blogs/rich-text.ts';
import { bool } from '../content/content.mappers.ts';
import * as repo from './pages.repository.ts';
import { isUniqueViolation } from '../../db/storage-errors.ts';

/** Who is writing, and where. */
export interface PageWriteContext {
  db: Db;
  actor: AuthUser;
}

/** A write's result, and whether anything the public site shows changed with it. */
export interface PageWrite {
  page: AdminPage;
  publicChange: boolean;
}

const notFound = () => new ApiError(404, PAGE_NOT_FOUND);
const label = (title: string) => `Page "${title}"`;
const FALLBACK_SLUG = 'page';

function publicPageFromRow(r: Selectable<PagesTable>): PublicPage {
  return {
    _id: r.id,
    title: r.title,
    slug: r.slug,
    in_footer: bool(r.in_footer),
    content: r.content,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

const adminPageFromRow = (r: Selectable<PagesTable>): AdminPage => ({
  ...publicPageFromRow(r),
  published: bool(r.published),
});

/** GET /api/pages: published pages, no content. */
export async function publishedPages(db: Db): Promise<PageLink[]> {
  return (await repo.listPublishedPageRows(db)).map((r) => ({
    _id: r.id,
    title: r.title,
    slug: r.slug,
    in_footer: bool(r.in_footer),
  }));
}

/** GET /api/pages/:slug: a published page, else 404. */
export async function publishedPage(db: Db, slug: string): Promise<PublicPage> {
  const row = await repo.findPublishedPageBySlug(db, slug);
  if (!row) throw notFound();
  return publicPageFromRow(row);
}

/** GET /api/admin/pages. */
export const allPages = async (db: Db): Promise<AdminPage[]> => (await repo.listAllPageRows(db)).map(adminPageFromRow);

/** An explicit slug as sent (409 when another page has it), otherwise one made from the title, unique and not reserved. */
async function resolveSlug(db: Db, explicit: string, title: string, exceptId = ''): Promise<string> {
  if (explicit !== '') {
    if ((await repo.pageSlugsLike(db, explicit, exceptId)).has(explicit))
      throw fieldError(409, PAGE_SLUG_TAKEN, 'slug');
    return explicit;
  }
  const base = slugify(title) || FALLBACK_SLUG;
  const taken = await repo.pageSlugsLike(db, base, exceptId);
  return uniqueSlug(base, (slug) => taken.has(slug) || RESERVED_PAGE_SLUGS.has(slug));
}

/** A unique-index refusal (two writes raced for one slug) as the same 409. */
async function mappingSlugRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'slug')) throw fieldError(409, PAGE_SLUG_TAKEN, 'slug');
    throw error;
  }
}

/** POST /api/admin/pages. */
export async function createPage(ctx: PageWriteContext, values: PageValues): Promise<PageWrite> {
  const content = await sanitizeRichText(values.content);
  const id = randomUUID();
  const page = await mappingSlugRace(() =>
    ctx.db.transaction().execute(async (trx) => {
      const slug = await resolveSlug(trx, values.slug, values.title);
      await repo.insertPageRow(trx, {
        id,
        title: values.title,
        slug,
        content,
        in_footer: values.in_footer,
        published: values.published,
        created_at: new Date().toISOString(),
        updated_at: null,
      });
      const summary = `${label(values.title)} created${values.published ? '' : ' as a draft'}`;
      await recordAudit(trx, ctx.actor, { action: 'page.create', target: { type: 'page', id }, summary });
      return adminPageFromRow(readBack(await repo.findPageRow(trx, id), `page ${id}`));
    }),
  );
  return { page, publicChange: page.published };
}

/** PUT /api/admin/pages/:id: the sent fields change, the others keep their values. */
export async function updatePage(ctx: PageWriteContext, id: string, changes: PageChangeValues): Promise<PageWrite> {
  if (!(await repo.findPageRow(ctx.db, id))) throw notFound();
  const { content: raw, slug: sentSlug, ...values } = changes;
  const content = raw === undefined ? undefined : await sanitizeRichText(raw);
  return mappingSlugRace(() =>
    ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findPageRow(trx, id);
      if (!before) throw notFound();
      const title = values.title ?? before.title;
      const slug =
        sentSlug === undefined || sentSlug === before.slug ? before.slug : await resolveSlug(trx, sentSlug, title, id);
      await repo.updatePageRow(trx, id, {
        ...values,
        ...(content === undefined ? {} : { content }),
        slug,
        updated_at: new Date().toISOString(),
      });
      await recordAudit(trx, ctx.actor, {
        action: 'page.update',
        target: { type: 'page', id },
        summary: `${label(title)} updated`,
      });
      const page = adminPageFromRow(readBack(await repo.findPageRow(trx, id), `page ${id}`));
      return { page, publicChange: page.published || bool(before.published) };
    }),
  );
}

/** PATCH /api/admin/pages/:id: published and/or in_footer. */
export async function togglePage(ctx: PageWriteContext, id: string, changes: PageToggleValues): Promise<PageWrite> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findPageRow(trx, id);
    if (!before) throw notFound();
    await repo.updatePageRow(trx, id, { ...changes, updated_at: new Date().toISOString() });
    const what =
      changes.published === undefined
        ? changes.in_footer
          ? 'added to the footer'
          : 'removed from the footer'
        : changes.published
          ? 'published'
          : 'unpublished';
    await recordAudit(trx, ctx.actor, {
      action: 'page.update',
      target: { type: 'page', id },
      summary: `${label(before.title)} ${what}`,
    });
    const page = adminPageFromRow(readBack(await repo.findPageRow(trx, id), `page ${id}`));
    return { page, publicChange: page.published || bool(before.published) };
  });
}

/** DELETE /api/admin/pages/:id. */
export async function deletePage(ctx: PageWriteContext, id: string): Promise<{ publicChange: boolean }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await repo.deletePageRow(trx, id);
    if (!deleted) throw notFound();
    await recordAudit(trx, ctx.actor, {
      action: 'page.delete',
      target: { type: 'page', id },
      summary: `${label(deleted.title)} deleted`,
    });
    return deleted;
  });
  return { publicChange: bool(row.published) };
}
