/** The admin page calls, one function per endpoint. */
import type { AdminPage, PageDraft, PageDraftFields } from '../../../shared/pages.ts';
import type { PageInput } from '../../../shared/schemas/page-admin.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';
import { createPreviewLink, discardDraft, fetchDraft, publishDraft, saveDraft } from './drafts.ts';

/** What a create, update or toggle answers. */
export interface PageSaved {
  message: string;
  page: AdminPage;
}

/** A page's admin API path, which its draft and history calls hang from. */
export const adminPagePath = (id: string) => `/api/admin/pages/${encodeURIComponent(id)}`;

/** GET /api/admin/pages: every page, drafts too, by title. */
export const fetchAdminPages = async (): Promise<AdminPage[]> =>
  (await api<ListResponse<AdminPage>>('/api/admin/pages')).results;

/** POST /api/admin/pages. */
export const createPage = (body: PageInput) => api<PageSaved>('/api/admin/pages', { method: 'POST', body });

/** PUT /api/admin/pages/{id}: the sent fields change. */
export const updatePage = (id: string, body: Partial<PageInput>) =>
  api<PageSaved>(adminPagePath(id), { method: 'PUT', body });

/** PATCH /api/admin/pages/{id}: publishes or unpublishes. */
export const setPagePublished = (id: string, published: boolean) =>
  api<PageSaved>(adminPagePath(id), { method: 'PATCH', body: { published } });

/** PATCH /api/admin/pages/{id}: shows the page's link in the footer or hides it, at once (a draft does not hold it). */
export const setPageInFooter = (id: string, inFooter: boolean) =>
  api<PageSaved>(adminPagePath(id), { method: 'PATCH', body: { in_footer: inFooter } });

/** DELETE /api/admin/pages/{id}. */
export const deletePage = (id: string) => api<{ message: string }>(adminPagePath(id), { method: 'DELETE' });

/** GET /api/admin/pages/{id}/draft: the page's draft (404 when it has none). */
export const fetchPageDraft = (id: string) => fetchDraft<PageDraft>(adminPagePath(id));

/** PUT /api/admin/pages/{id}/draft (JSON: title, slug, content): the form saved as the page's draft. */
export const savePageDraft = (id: string, fields: PageDraftFields) => saveDraft<PageDraft>(adminPagePath(id), fields);

/** DELETE /api/admin/pages/{id}/draft. */
export const discardPageDraft = (id: string) => discardDraft<AdminPage>(adminPagePath(id));

/** POST /api/admin/pages/{id}/draft/publish: the draft becomes the live page. */
export const publishPageDraft = (id: string) => publishDraft<AdminPage>(adminPagePath(id));

/** POST /api/admin/pages/{id}/preview-link: a link showing the page as it will look, to share until it expires. */
export const pagePreviewLink = (id: string) => createPreviewLink(adminPagePath(id));
