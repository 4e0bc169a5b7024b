/**
 * A page as its drafts and versions see it (drafts/draft.service.ts), and its draft and history calls under
 * /api/admin/pages/:id (the guard's `content` part: whoever may change a page may keep a draft of it and publish it).
 */
import { omit } from '../../../shared/omit.ts';
import type { AdminPage, PageDraftFields, PublicPage } from '../../../shared/pages.ts';
import { checkPageChanges } from '../../../shared/schemas/page-admin.ts';
import type { Db } from '../../db/connection.ts';
import { fieldError } from '../../http/errors.ts';
import { bool } from '../content/content.mappers.ts';
import type { DraftRoutes } from '../drafts/draft.routes.ts';
import { previewFields, type Draftable } from '../drafts/draft.service.ts';
import { findPageRow } from './pages.repository.ts';
import { foundPage, onePage, pageLabel, resolvePageSlug, writePageChanges, type PageRow } from './pages.service.ts';
import { pageVersioned } from './page-versions.ts';
import { sanitizeRichText } from '../blogs/rich-text.ts';
import { withLibraryAltText } from '../../media/inline-pictures.ts';

/** Sent changes checked as the page's PUT checks them; being in the footer is not a draft's (it is set at once). */
function checkedChanges(input: Record<string, unknown>) {
  const check = checkPageChanges(omit<Record<string, unknown>, string>(input, 'in_footer'));
  if (!check.ok) throw fieldError(400, check.message, check.field);
  return check.value;
}

export const pageDraftable: Draftable<PageRow, PageDraftFields> = {
  ...pageVersioned,
  label: (fields) => pageLabel(fields.title),
  find: findPageRow,
  visible: (_actor, row) => foundPage(row),
  changeable: (_actor, row) => foundPage(row),
  mayPublish: () => undefined,
  prepare: async (ctx, input) => {
    const { content, ...values } = omit(checkedChanges(input), 'published');
    if (content === undefined) return values;
    return { ...values, content: await withLibraryAltText(ctx.db, await sanitizeRichText(content)) };
  },
  // An address another page has (or the site's own) is refused now, not when the draft is published.
  claims: async (trx, changes, base, id) => {
    if (changes.slug) await resolvePageSlug(trx, changes.slug, base.title, id);
  },
  publish: (ctx, id, fields, _picture, also) =>
    writePageChanges(ctx, id, checkedChanges({ ...fields, published: true }), {
      what: 'published from its draft',
      action: 'publish',
      also,
    }),
};

export const pageDrafts: DraftRoutes<PageRow, PageDraftFields, AdminPage> = {
  draftable: pageDraftable,
  path: '/admin/pages/:id',
  site: 'pages',
  item: (db, _actor, id) => onePage(db, id),
};

/** The page as it will read: the draft applied when it has one (a preview link's view). */
export async function pagePreview(
  db: Db,
  id: string,
): Promise<{ item: PublicPage; draft: boolean; published: boolean } | null> {
  const found = await previewFields(db, pageDraftable, id);
  if (!found) return null;
  const { row, fields, draft } = found;
  const item: PublicPage = {
    _id: row.id,
    in_footer: bool(row.in_footer),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...fields,
  };
  return { item, draft, published: bool(row.published) };
}
