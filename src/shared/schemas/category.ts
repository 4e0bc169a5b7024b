/**
 * The categories a company owns per content type: their fields, the admin's inputs and the pure rules (address,
 * duplicates, order, which category an item's value names). The API checks with them and the Categories screen and
 * the item forms use the same.
 */
import { CONTENT_TYPES } from '../constants.ts';
import { isSlug, SLUG_MAX, slugify } from '../slug.ts';
import type { ContentType } from '../types.ts';
import { bodyCheck, checkWithMessages, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

/** The content type a category belongs to; audio items are grouped by their type. */
export type CategoryKind = ContentType;
export const CATEGORY_KINDS = CONTENT_TYPES;

/** One category as GET /api/categories answers it: in `order` (0 first) within its kind. */
export interface Category {
  _id: string;
  kind: CategoryKind;
  name: string;
  /** The category's address in filter links (?category=slug); kept when it is renamed. */
  slug: string;
  order: number;
}

/** The admin's list adds how many items (drafts included) name the category. */
export interface AdminCategory extends Category {
  items: number;
}

export const CATEGORY_NAME_MAX = 60;
/** A filter select stays usable with this many; the cap also bounds a reorder's body. */
export const CATEGORIES_PER_KIND_MAX = 100;

/** How the admin screen and its refusals name each kind. */
export const CATEGORY_KIND_LABELS: Readonly<Record<CategoryKind, string>> = {
  product: 'Products',
  blog: 'Blogs',
  photo: 'Photos',
  video: 'Videos',
  audio: 'Audio types',
  event: 'Events',
};

export const CATEGORY_NOT_FOUND = 'Category not found';
export const CATEGORY_ORDER_MESSAGE = 'The list must name every category of this type exactly once.';
export const CATEGORY_KIND_MESSAGE = `Kind must be one of ${CATEGORY_KINDS.join(', ')}.`;
export const CATEGORY_MOVE_MISSING = 'The category to move the items to was not found.';
export const CATEGORY_MOVE_OTHER_KIND = 'The items can only move to a category of the same type.';
export const CATEGORY_MOVE_ITSELF = 'Choose another category to move the items to.';
export const CATEGORY_FULL_MESSAGE = `This type already has ${CATEGORIES_PER_KIND_MAX} categories; remove one before adding another.`;
export const CATEGORY_SLUG_EMPTY = 'The name needs a letter or a digit to make its address; type an address.';

export const categoryNameTaken = (name: string) => `A category named "${name}" already exists for this type.`;
export const categorySlugTaken = (slug: string) => `Another category of this type already uses the address "${slug}".`;
/** The refusal of removing a category that items still name, without a category to move them to. */
export const categoryInUse = (name: string, items: number) =>
  `"${name}" still has ${items} ${items === 1 ? 'item' : 'items'}; choose a category to move ${items === 1 ? 'it' : 'them'} to before removing it.`;
/** The refusal of an item's category that the company does not have (the field is `category`, or audio's `type`). */
export const unknownCategory = (field: string, names: readonly string[]) =>
  `${field === 'type' ? 'Type' : 'Category'} must be one of ${names.length > 0 ? names.join(', ') : 'the categories set up under Categories (there are none yet)'}.`;

const kind = z.enum(CATEGORY_KINDS, { error: `must be one of ${CATEGORY_KINDS.join(', ')}` });
const name = formText(CATEGORY_NAME_MAX).refine((v) => v !== '', 'is required');
/** '' makes it from the name. */
const slug = formText(SLUG_MAX + 1).refine(
  (v) => v === '' || isSlug(v),
  `must be lowercase letters and digits joined by hyphens, at most ${SLUG_MAX} characters`,
);

/** POST /api/admin/categories. */
export const CategoryCreate = z.object({ kind, name, slug: slug.default('') });
export type CategoryCreateValues = z.output<typeof CategoryCreate>;
/** PUT /api/admin/categories/:id: a rename, a new address, or both. */
export const CategoryChanges = z.object({ name, slug }).partial();
export type CategoryChangeValues = z.output<typeof CategoryChanges>;
/** PUT /api/admin/categories/order: every category of the kind once, in the new order. */
export const CategoryOrder = z.object({
  kind,
  ids: z.array(z.string().min(1).max(100)).max(CATEGORIES_PER_KIND_MAX),
});
/** DELETE /api/admin/categories/:id?moveTo=<id>: where the items of a category in use go. */
export const CategoryRemove = z.object({ moveTo: z.string().max(100).default('') });
/** GET /api/categories?kind=…: one kind, or every one. */
export const CategoryListQuery = z.object({ kind: z.union([z.literal(''), kind]).default('') });

export const checkCategoryCreate = bodyCheck(CategoryCreate);
export const checkCategoryChanges = bodyCheck(CategoryChanges);
export const checkCategoryOrder = checkWithMessages<typeof CategoryOrder, 'kind' | 'ids'>(
  CategoryOrder,
  { kind: CATEGORY_KIND_MESSAGE, ids: CATEGORY_ORDER_MESSAGE },
  'ids',
);
export const checkCategoryRemove = checkWithMessages(CategoryRemove, { moveTo: CATEGORY_MOVE_MISSING }, 'moveTo');
export const checkCategoryListQuery = checkWithMessages(CategoryListQuery, { kind: CATEGORY_KIND_MESSAGE }, 'kind');

/** The address of a category: the one typed, else one made from the name; refused when nothing is left of the name. */
export function categorySlug(name: string, typed = ''): FieldCheck<string> {
  const made = typed || slugify(name);
  return made ? { ok: true, value: made } : { ok: false, field: 'slug', message: CATEGORY_SLUG_EMPTY };
}

/** Names compare without case or surrounding spaces: 'Cakes' and ' cakes' are one category. */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The refusal of a name or address another category of the kind already has (`exceptId` is the one being edited). */
export function duplicateOf(
  siblings: readonly Pick<Category, '_id' | 'name' | 'slug'>[],
  wanted: { name?: string | undefined; slug?: string | undefined },
  exceptId?: string,
): { field: 'name' | 'slug'; message: string } | null {
  const others = siblings.filter((c) => c._id !== exceptId);
  const { name: wantedName, slug: wantedSlug } = wanted;
  if (wantedName !== undefined && others.some((c) => sameName(c.name, wantedName)))
    return { field: 'name', message: categoryNameTaken(wantedName) };
  if (wantedSlug !== undefined && others.some((c) => c.slug === wantedSlug))
    return { field: 'slug', message: categorySlugTaken(wantedSlug) };
  return null;
}

/** True when `ids` names each of `stored` exactly once. */
export function isCompleteOrder(ids: readonly string[], stored: readonly string[]): boolean {
  const sent = new Set(ids);
  const known = new Set(stored);
  return sent.size === ids.length && sent.size === known.size && ids.every((id) => known.has(id));
}

/** The list with the entry at `index` moved one place up (-1) or down (+1); the same list when it cannot move. */
export function moveOne<T>(list: readonly T[], index: number, step: -1 | 1): readonly T[] {
  const to = index + step;
  const item = list[index];
  if (item === undefined || to < 0 || to >= list.length) return list;
  const next = list.filter((_, i) => i !== index);
  next.splice(to, 0, item);
  return next;
}

/**
 * The category an item's value names: its exact name, else the name in another case, else its address; undefined
 * when the company has no such category.
 */
export function categoryNamed<C extends Pick<Category, 'name' | 'slug'>>(
  categories: readonly C[],
  value: string,
): C | undefined {
  const wanted = value.trim();
  return (
    categories.find((c) => c.name === wanted) ??
    categories.find((c) => sameName(c.name, wanted)) ??
    categories.find((c) => c.slug === wanted.toLowerCase())
  );
}

/** The categories of one kind in their order. */
export const categoriesOf = <C extends Pick<Category, 'kind' | 'order'>>(all: readonly C[], of: CategoryKind): C[] =>
  all.filter((c) => c.kind === of).sort((a, b) => a.order - b.order);
