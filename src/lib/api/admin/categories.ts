/** The Categories screen's calls, one function per endpoint; the item forms read the list with fetchAdminCategories. */
import type { AdminCategory, Category, CategoryKind } from '../../../shared/schemas/category.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';

const item = (id: string) => `/api/admin/categories/${encodeURIComponent(id)}`;

/** What a write answers. */
export interface CategorySaved {
  message: string;
  category: Category;
}

/** GET /api/admin/categories?kind=…: the kind's categories in order, each with how many items name it. */
export const fetchAdminCategories = async (kind: CategoryKind): Promise<AdminCategory[]> =>
  (await api<ListResponse<AdminCategory>>('/api/admin/categories', { query: { kind } })).results;

/** POST /api/admin/categories: added last; `slug` '' makes the address from the name. */
export const createCategory = (body: { kind: CategoryKind; name: string; slug?: string }) =>
  api<CategorySaved>('/api/admin/categories', { method: 'POST', body });

/** PUT /api/admin/categories/{id}: a rename (its items follow) and/or a new address. */
export const updateCategory = (id: string, body: { name?: string; slug?: string }) =>
  api<CategorySaved & { moved: number }>(item(id), { method: 'PUT', body });

/** PUT /api/admin/categories/order: every category of the kind once, in the new order. */
export const reorderCategories = (kind: CategoryKind, ids: readonly string[]) =>
  api<{ message: string; results: Category[] }>('/api/admin/categories/order', { method: 'PUT', body: { kind, ids } });

/** DELETE /api/admin/categories/{id}: a category in use needs `moveTo`, where its items go. */
export const deleteCategory = (id: string, moveTo?: string) =>
  api<{ message: string; moved: number }>(item(id), { method: 'DELETE', ...(moveTo ? { query: { moveTo } } : {}) });
