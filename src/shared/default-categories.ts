/** A new site's categories as the API answers them (zod-free, so the public list islands can carry it). */
import { DEFAULT_CATEGORIES } from './constants.ts';
import type { Category, CategoryKind } from './schemas/category.ts';
import { slugify } from './slug.ts';

/** The spec's list of one kind with the addresses the first migration gives them, for tests and the filter types. */
export const defaultCategories = (of: CategoryKind): Category[] =>
  DEFAULT_CATEGORIES[of].map((name, order) => ({ _id: `${of}-${order}`, kind: of, name, slug: slugify(name), order }));
