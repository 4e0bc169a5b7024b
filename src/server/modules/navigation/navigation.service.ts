/**
 * The site's menus: each as saved (or its defaults while never saved), resolved for visitors with the rule of
 * src/shared/navigation.ts, and the admin's save, which replaces a whole menu and records it in one transaction. The
 * caller asks for the site rebuild once a save has returned.
 */
import {
  CONTENT_SECTIONS,
  defaultMenu,
  MENU_NAMES,
  MENU_TITLES,
  MENU_VISIBILITIES,
  NAV_SECTIONS,
  resolveMenu,
  type AdminNavigation,
  type MenuItem,
  type MenuName,
  type MenuPage,
  type MenuVisibility,
  type NavSection,
  type PublicNavigation,
} from '../../../shared/navigation.ts';
import { listPublishedPageRows } from '../pages/pages.repository.ts';
import type { Db } from '../../db/connection.ts';
import { fieldError } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { bool } from '../content/content.mappers.ts';
import {
  listMenuItemRows,
  listPageTargets,
  replaceMenuRows,
  savedMenuNames,
  sectionsWithContent,
  type MenuItemRow,
} from './navigation.repository.ts';

export interface NavigationWriteContext {
  db: Db;
  actor: AuthUser;
}

type Menus = Record<MenuName, MenuItem[]>;

const visibilityOf = (value: string): MenuVisibility =>
  (MENU_VISIBILITIES as readonly string[]).includes(value) ? (value as MenuVisibility) : 'auto';

/** A stored row as a link; a row no rule of today reads (written by a later version) is left out. */
function itemFromRow(row: MenuItemRow): MenuItem[] {
  const { label } = row;
  const visibility = visibilityOf(row.visibility);
  if (row.kind === 'section')
    return (NAV_SECTIONS as readonly string[]).includes(row.target)
      ? [{ kind: 'section', section: row.target as NavSection, label, visibility }]
      : [];
  if (row.kind === 'page') return [{ kind: 'page', page: row.target, label, visibility }];
  if (row.kind === 'link') return [{ kind: 'link', url: row.target, label, visibility }];
  return [];
}

function rowFromItem(item: MenuItem): MenuItemRow {
  const target = item.kind === 'section' ? item.section : item.kind === 'page' ? item.page : item.url;
  return { label: item.label, kind: item.kind, target, visibility: item.visibility };
}

/** Both menus: the saved links of a saved menu, the defaults of one never saved. */
async function readMenus(db: Db): Promise<Menus> {
  const [saved, rows] = await Promise.all([savedMenuNames(db), listMenuItemRows(db)]);
  const menus = {} as Menus;
  for (const name of MENU_NAMES)
    menus[name] = saved.includes(name)
      ? rows.filter((row) => row.menu === name).flatMap(itemFromRow)
      : defaultMenu(name);
  return menus;
}

async function emptySections(db: Db) {
  const withContent = new Set<string>(await sectionsWithContent(db));
  return CONTENT_SECTIONS.filter((section) => !withContent.has(section));
}

async function menuPages(db: Db): Promise<MenuPage[]> {
  return (await listPageTargets(db)).map((row) => ({
    _id: row.id,
    title: row.title,
    slug: row.slug,
    published: bool(row.published),
  }));
}

/** GET /api/navigation: both menus as visitors see them. */
export async function publicNavigation(db: Db): Promise<PublicNavigation> {
  // The pages visitors can open: published, and not held back by the publish checks.
  const [menus, empty, pages] = await Promise.all([readMenus(db), emptySections(db), listPublishedPageRows(db)]);
  const publishedPages = pages.map((row) => ({ _id: row.id, title: row.title, slug: row.slug, published: true }));
  const facts = { emptySections: empty, publishedPages };
  return {
    header: resolveMenu(menus.header, facts),
    footer: resolveMenu(menus.footer, facts),
    emptySections: empty,
  };
}

/** GET /api/admin/navigation: both menus as stored, the empty sections and the pages a link may name. */
export async function adminNavigation(db: Db): Promise<AdminNavigation> {
  const [menus, empty, pages] = await Promise.all([readMenus(db), emptySections(db), menuPages(db)]);
  return { ...menus, emptySections: empty, pages };
}

/** PUT /api/admin/navigation/:menu: `items` become the whole menu; a page link must name a page that exists. */
export async function saveMenu(ctx: NavigationWriteContext, menu: MenuName, items: readonly MenuItem[]) {
  await ctx.db.transaction().execute(async (trx) => {
    const pages = new Set((await listPageTargets(trx)).map((row) => row.id));
    const missing = items.findIndex((item) => item.kind === 'page' && !pages.has(item.page));
    if (missing >= 0)
      throw fieldError(400, `Link ${missing + 1} names a page that does not exist.`, `items.${missing}.page`);
    await replaceMenuRows(trx, menu, items.map(rowFromItem));
    await recordAudit(trx, ctx.actor, {
      action: 'navigation.update',
      target: { type: 'navigation', id: menu },
      summary: `${MENU_TITLES[menu]} saved (${items.length} ${items.length === 1 ? 'link' : 'links'})`,
    });
  });
  return { message: `${MENU_TITLES[menu]} saved`, navigation: await adminNavigation(ctx.db) };
}
