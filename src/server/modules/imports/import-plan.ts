/**
 * The dry run: what an import would create, change and skip, item by item, before anything is written. The rules are
 * pure (planUnits over the facts gathered from the database and the pictures' archive), so they are tested as such;
 * the writer (import-apply.ts) follows the same rules and reports what it actually did.
 */
import { createHash } from 'node:crypto';
import {
  IMPORT_ITEM_ORDER,
  type ImportAction,
  type ImportCounts,
  type ImportItemType,
  type ImportPlan,
  type ImportPlanItem,
} from '../../../shared/schemas/imports.ts';
import { pagePath } from '../../../shared/pages.ts';
import { redirectPath } from '../../../shared/redirect-path.ts';
import { slugify, uniqueSlug } from '../../../shared/slug.ts';
import type { ImageRef, ImportUnit, ReadSource } from './import-units.ts';

/** What an item of the source became here before, as the planner needs it. */
export interface KnownSource {
  hash: string;
  /** Whether what it became is still here (an admin may have deleted it since). */
  exists: boolean;
  /** Its address now, for a post, page or product. */
  path?: string;
}

export interface PlanFacts {
  sources: ReadonlyMap<string, KnownSource>;
  /** Category names in use per kind, lowercased. */
  categories: Readonly<Record<'blog' | 'product', ReadonlySet<string>>>;
  /** Account email addresses in use, lowercased. */
  emails: ReadonlySet<string>;
  /** Slugs in use per kind of item (pages with the ones reserved for the site's own). */
  slugs: Readonly<Record<'post' | 'page' | 'product', ReadonlySet<string>>>;
  /** Redirects in place: old path → new. */
  redirects: ReadonlyMap<string, string>;
  /** The pictures' archive's lookup, or null when none came with the export. */
  findPicture: ((url: string) => string | null) | null;
}

/** A hash of what the source says of an item: a second run changes an item only when it changed in the source. */
export const unitHash = (unit: ImportUnit): string => createHash('sha256').update(JSON.stringify(unit)).digest('hex');

/** A picture's key: by its address in the source, so two posts showing one picture store it once. */
export const imageKey = (url: string): string => `image:${url}`;

/** Every picture a unit shows. */
export function picturesOf(unit: ImportUnit): ImageRef[] {
  if (unit.type === 'post') return [...(unit.featuredImage ? [unit.featuredImage] : []), ...unit.inlineImages];
  if (unit.type === 'page') return unit.inlineImages;
  if (unit.type === 'product') return unit.images;
  return [];
}

/** A picture's name for the admin: its file name. */
export const pictureTitle = (url: string): string => {
  const path = url.replace(/[?#].*$/s, '');
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || url;
};

/** The address an item of `type` with `slug` has here. */
export function addressOf(type: 'post' | 'page' | 'product', slug: string): string {
  if (type === 'page') return pagePath(slug);
  return type === 'post' ? `/blogs/${slug}/` : `/shop/${slug}/`;
}

const FALLBACK: Record<'post' | 'page' | 'product', string> = { post: 'post', page: 'page', product: 'product' };

/** The slug a new item will get: its source's, made a slug, made unique among `taken` (which it then joins). */
export function newSlug(
  type: 'post' | 'page' | 'product',
  unit: { slug: string; title?: string; name?: string },
  taken: Set<string>,
) {
  const base = slugify(unit.slug) || slugify(unit.title ?? unit.name ?? '') || FALLBACK[type];
  const slug = uniqueSlug(base, (s) => taken.has(s));
  taken.add(slug);
  return slug;
}

/** What the admin knows a unit by. */
export const titleOf = (unit: ImportUnit): string => {
  switch (unit.type) {
    case 'category':
      return unit.name;
    case 'author':
      return unit.displayName || unit.login;
    case 'post':
    case 'page':
      return unit.title || '(no title)';
    case 'comment':
      return `${unit.author || 'Anonymous'}: ${unit.text.slice(0, 60)}`;
    case 'product':
      return unit.name;
  }
};

/** The action on a unit imported before: nothing when unchanged, an update when it changed, skipped when deleted here. */
function againAction(known: KnownSource, hash: string): { action: ImportAction; reason: string } {
  if (!known.exists) return { action: 'skip', reason: 'Imported before and deleted here since: it stays deleted.' };
  if (known.hash === hash) return { action: 'skip', reason: 'Imported before and unchanged.' };
  return { action: 'update', reason: 'Changed in the source since it was imported: it is updated.' };
}

/** The plan item of one unit (pictures and redirects are planned apart). */
function unitItem(unit: ImportUnit, facts: PlanFacts, hash: string, posts: ReadonlySet<string>): ImportPlanItem {
  const base = { key: unit.key, type: unit.type as ImportItemType, title: titleOf(unit) };
  const known = facts.sources.get(unit.key);
  if (known) return { ...base, ...againAction(known, hash) };
  if (unit.type === 'category' && facts.categories[unit.kind].has(unit.name.toLowerCase()))
    return { ...base, action: 'skip', reason: 'This site has a category of that name already: it is used.' };
  if (unit.type === 'author' && unit.email && facts.emails.has(unit.email.toLowerCase()))
    return {
      ...base,
      action: 'skip',
      reason: 'An account with this email address exists: its posts are credited to it.',
    };
  if (unit.type === 'comment' && !posts.has(unit.postKey))
    return { ...base, action: 'skip', reason: 'Its post is not imported.' };
  return { ...base, action: 'create', reason: '' };
}

function pictureItems(units: readonly ImportUnit[], facts: PlanFacts): ImportPlanItem[] {
  const seen = new Set<string>();
  const items: ImportPlanItem[] = [];
  for (const picture of units.flatMap(picturesOf)) {
    if (seen.has(picture.url)) continue;
    seen.add(picture.url);
    const key = imageKey(picture.url);
    const base = { key, type: 'image' as const, title: pictureTitle(picture.url) };
    const known = facts.sources.get(key);
    if (known?.exists) items.push({ ...base, action: 'skip', reason: 'Imported before.' });
    else if (!facts.findPicture)
      items.push({
        ...base,
        action: 'skip',
        reason: 'No pictures’ archive was uploaded: the item is imported without it.',
      });
    else if (facts.findPicture(picture.url) === null)
      items.push({ ...base, action: 'skip', reason: 'Not in the pictures’ archive: the item is imported without it.' });
    else items.push({ ...base, action: 'create', reason: '' });
  }
  return items;
}

/** The plan item of one old address leading to `to`, or null for one that is no path or is planned already. */
function redirectItem(old: string, to: string, title: string | null, facts: PlanFacts, seen: Set<string>) {
  const from = redirectPath(old);
  if (!from || seen.has(from)) return null;
  seen.add(from);
  const base = {
    key: `redirect:${from}`,
    type: 'redirect' as const,
    title: title ? `${title}: ${from}` : from,
    from,
    to,
  };
  const now = facts.redirects.get(from);
  if (from === redirectPath(to))
    return { ...base, action: 'skip' as const, reason: 'The old address is the new one: nothing to redirect.' };
  if (now === to) return { ...base, action: 'skip' as const, reason: 'Redirects there already.' };
  if (now) return { ...base, action: 'update' as const, reason: `Redirected to ${now} until now.` };
  return { ...base, action: 'create' as const, reason: '' };
}

/**
 * The redirects of the items that had an address on the old site, to the address each has (or will have) here, then
 * those of the old site's archives (a category's, a tag's, an author's).
 */
function redirectItems(source: ReadSource, facts: PlanFacts, planned: ReadonlyMap<string, ImportPlanItem>) {
  const taken = {
    post: new Set(facts.slugs.post),
    page: new Set(facts.slugs.page),
    product: new Set(facts.slugs.product),
  };
  const items: ImportPlanItem[] = [];
  const seen = new Set<string>();
  for (const unit of source.units) {
    if (unit.type !== 'post' && unit.type !== 'page' && unit.type !== 'product') continue;
    const item = planned.get(unit.key);
    const known = facts.sources.get(unit.key);
    const to =
      known?.path ??
      (item?.action === 'create' ? addressOf(unit.type, newSlug(unit.type, unit, taken[unit.type])) : null);
    if (!to) continue;
    for (const old of unit.oldPaths) {
      const line = redirectItem(old, to, null, facts, seen);
      if (line) items.push(line);
    }
  }
  for (const archive of source.archives) {
    const line = redirectItem(archive.from, archive.to, archive.title, facts, seen);
    if (line) items.push(line);
  }
  return items;
}

/** What each type's items will do, counted. */
export function countItems(items: readonly ImportPlanItem[]): ImportPlan['counts'] {
  const counts: Partial<Record<ImportItemType, ImportCounts>> = {};
  for (const item of items) {
    const row = (counts[item.type] ??= { create: 0, update: 0, skip: 0 });
    row[item.action] += 1;
  }
  return counts;
}

/** The dry run of `source` against what the site has (`facts`). */
export function planUnits(source: ReadSource, facts: PlanFacts): ImportPlan {
  const planned = new Map<string, ImportPlanItem>();
  // The posts that will be here: a comment needs its post.
  const posts = new Set<string>();
  for (const unit of source.units) {
    const item = unitItem(unit, facts, unitHash(unit), posts);
    planned.set(unit.key, item);
    if (unit.type === 'post' && (item.action !== 'skip' || facts.sources.get(unit.key)?.exists)) posts.add(unit.key);
  }
  const items = [...planned.values(), ...pictureItems(source.units, facts), ...redirectItems(source, facts, planned)];
  items.sort((a, b) => IMPORT_ITEM_ORDER.indexOf(a.type) - IMPORT_ITEM_ORDER.indexOf(b.type));
  return {
    items,
    counts: countItems(items),
    problems: source.problems.map((p) => `${p.where}: ${p.message}`),
  };
}
