/** The admin page calls, one function per endpoint. */
import type { AdminPage } from '../../../shared/pages.ts';
import type { PageInput } from '../../../shared/schemas/page-admin.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';

/** What a create, update or toggle answers. */
export interface PageSaved {
  message: string;
  page: AdminPage;
}

/** GET /api/admin/pages: every page, drafts too, by title. */
export const fetchAdminPages = async (): Promise<AdminPage[]> =>
  (await api<ListResponse<AdminPage>>('/api/admin/pages')).results;

/** POST /api/admin/pages. */
export const createPage = (body: PageInput) => api<PageSaved>('/api/admin/pages', { method: 'POST', body });

/** PUT /api/admin/pages/{id}: the sent fields change. */
export const updatePage = (id: string, body: Partial<PageInput>) =>
  api<PageSaved>(`/api/admin/pages/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** PATCH /api/admin/pages/{id}: publishes or unpublishes. */
export const setPagePublished = (id: string, published: boolean) =>
  api<PageSaved>(`/api/admin/pages/${encodeURIComponent(id)}`, { method: 'PATCH', body: { published } });

/** DELETE /api/admin/pages/{id}. */
export const deletePage = (id: string) =>
  api<{ message: string }>(`/api/admin/pages/${encodeURIComponent(id)}`, { method: 'DELETE' });
