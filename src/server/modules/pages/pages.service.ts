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
import { sanitizeRichText } from '../blogs/rich-text.ts';
import { requireAltText, withLibraryAltText } from '../../media/inline-pictures.ts';
import { bool } from '../content/content.mappers.ts';
import * as repo from './pages.repository.ts';
import { isUniqueViolation } from '../../db/storage-errors.ts';
import type { DraftInfo } from '../../../shared/drafts.ts';
import { deleteDraftRow, draftInfo, draftInfos, findDraftRow } from '../drafts/drafts.repository.ts';
import type { ItemWriteContext, ItemWriteNote } from '../drafts/draft.service.ts';
import { dropItemRevisions, keepItemVersion, pruneRevisions } from '../revisions/keep-revision.ts';
import { pageVersioned } from './page-versions.ts';

/** Who is writing (and DATA_DIR, as every item's writes take it). */
export type PageWriteContext = ItemWriteContext;

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

/** One stored page. */
export type PageRow = Selectable<PagesTable>;

const adminPageFromRow = (r: PageRow, draft: DraftInfo | null = null): AdminPage => ({
  ...publicPageFromRow(r),
  published: bool(r.published),
  draft,
});

/** The page as the admin reads it after a write, its draft included. */
async function readAdminPage(db: Db, id: string): Promise<AdminPage> {
  const draft = await findDraftRow(db, 'page', id);
  return adminPageFromRow(readBack(await repo.findPageRow(db, id), `page ${id}`), draft ? draftInfo(draft) : null);
}

/** GET /api/admin/pages/:id (the drafts' answer): the page, 404 for none. */
export async function onePage(db: Db, id: string): Promise<AdminPage> {
  if (!(await repo.findPageRow(db, id))) throw notFound();
  return readAdminPage(db, id);
}

/** The row when there is one; else the page's 404. */
export function foundPage<T>(row: T | undefined): T {
  if (!row) throw notFound();
  return row;
}

export const pageLabel = (title: string) => label(title);

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
export async function allPages(db: Db): Promise<AdminPage[]> {
  const [rows, drafts] = await Promise.all([repo.listAllPageRows(db), draftInfos(db, 'page')]);
  return rows.map((row) => adminPageFromRow(row, drafts.get(row.id) ?? null));
}

/** An explicit slug as sent (409 when another page has it), otherwise one made from the title, unique and not reserved. */
export async function resolvePageSlug(db: Db, explicit: string, title: string, exceptId = ''): Promise<string> {
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
  const content = await withLibraryAltText(ctx.db, await sanitizeRichText(values.content));
  if (values.published) await requireAltText(ctx.db, content);
  const id = randomUUID();
  const page = await mappingSlugRace(() =>
    ctx.db.transaction().execute(async (trx) => {
      const slug = await resolvePageSlug(trx, values.slug, values.title);
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
      const created = readBack(await repo.findPageRow(trx, id), `page ${id}`);
      await keepItemVersion(trx, pageVersioned, ctx.actor, id, 'create', created);
      const summary = `${label(values.title)} created${values.published ? '' : ' as a draft'}`;
      await recordAudit(trx, ctx.actor, { action: 'page.create', target: { type: 'page', id }, summary });
      return adminPageFromRow(created);
    }),
  );
  return { page, publicChange: page.published };
}

/** PUT /api/admin/pages/:id: the sent fields change, the others keep their values. */
export async function updatePage(ctx: PageWriteContext, id: string, changes: PageChangeValues): Promise<PageWrite> {
  foundPage(await repo.findPageRow(ctx.db, id));
  return writePageChanges(ctx, id, changes, { what: 'updated', action: 'update' });
}

/** Writes checked changes to a page (a PUT, or a draft being published) and keeps the version it made. */
export async function writePageChanges(
  ctx: PageWriteContext,
  id: string,
  changes: PageChangeValues,
  { what, action, also }: ItemWriteNote,
): Promise<PageWrite> {
  const { content: raw, slug: sentSlug, ...values } = changes;
  const content = raw === undefined ? undefined : await withLibraryAltText(ctx.db, await sanitizeRichText(raw));
  const written = await mappingSlugRace(() =>
    ctx.db.transaction().execute(async (trx) => {
      const before = foundPage(await repo.findPageRow(trx, id));
      const title = values.title ?? before.title;
      const slug =
        sentSlug === undefined || sentSlug === before.slug
          ? before.slug
          : await resolvePageSlug(trx, sentSlug, title, id);
      await repo.updatePageRow(trx, id, {
        ...values,
        ...(content === undefined ? {} : { content }),
        slug,
        updated_at: new Date().toISOString(),
      });
      await also?.(trx);
      const after = readBack(await repo.findPageRow(trx, id), `page ${id}`);
      if (bool(after.published)) await requireAltText(trx, after.content);
      await keepItemVersion(trx, pageVersioned, ctx.actor, id, action, after, before);
      await recordAudit(trx, ctx.actor, {
        action: 'page.update',
        target: { type: 'page', id },
        summary: `${label(title)} ${what}`,
      });
      const page = await readAdminPage(trx, id);
      return { page, publicChange: page.published || bool(before.published) };
    }),
  );
  await pruneRevisions({ db: ctx.db, dataDir: ctx.dataDir }, 'page', id);
  return written;
}

/** PATCH /api/admin/pages/:id: published and/or in_footer. */
export async function togglePage(ctx: PageWriteContext, id: string, changes: PageToggleValues): Promise<PageWrite> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findPageRow(trx, id);
    if (!before) throw notFound();
    if (changes.published === true) await requireAltText(trx, before.content);
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
    const page = await readAdminPage(trx, id);
    return { page, publicChange: page.published || bool(before.published) };
  });
}

/** DELETE /api/admin/pages/:id. */
export async function deletePage(ctx: PageWriteContext, id: string): Promise<{ publicChange: boolean }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await repo.deletePageRow(trx, id);
    if (!deleted) throw notFound();
    await deleteDraftRow(trx, 'page', id);
    // A page names no picture: its versions go with it, nothing to release.
    await dropItemRevisions(trx, 'page', id);
    await recordAudit(trx, ctx.actor, {
      action: 'page.delete',
      target: { type: 'page', id },
      summary: `${label(deleted.title)} deleted`,
    });
    return deleted;
  });
  return { publicChange: bool(row.published) };
}
