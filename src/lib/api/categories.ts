/** GET /api/categories: the company's categories of one content type, in order (the build reads them for the filters). */
import type { Category, CategoryKind } from '../../shared/schemas/category.ts';
import type { ListResponse } from '../../shared/types.ts';
import type { CategoryChoice } from '../filters/core.ts';
import { api } from './client.ts';

export const fetchCategories = async (kind: CategoryKind): Promise<Category[]> =>
  (await api<ListResponse<Category>>('/api/categories', { query: { kind } })).results;

/** The same as a list's filter needs them (name and address only, so the page carries little). */
export const fetchCategoryChoices = async (kind: CategoryKind): Promise<CategoryChoice[]> =>
  (await fetchCategories(kind)).map(({ name, slug }) => ({ name, slug }));
