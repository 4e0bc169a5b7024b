/** The admin's Newsletter calls, one function per endpoint. */
import type {
  ImportReport,
  IssueInput,
  IssuePreview,
  NewsletterAudience,
  NewsletterIssue,
  NewsletterIssuePage,
} from '../../../shared/schemas/newsletter-admin.ts';
import type {
  NewsletterSource,
  NewsletterStatus,
  NewsletterSubscriberPage,
} from '../../../shared/schemas/newsletter.ts';
import { api } from '../client.ts';

const BASE = '/api/admin/newsletter';

/** The subscribers list's query as the screen holds it; empty filters are left out of the URL. */
export interface SubscribersListQuery {
  page: number;
  pageSize: number;
  q: string;
  status: '' | NewsletterStatus;
  source: '' | NewsletterSource;
}

/** The filters of a query as URL parameters (the list and the export share them). */
function filterQuery({ q, status, source }: Omit<SubscribersListQuery, 'page' | 'pageSize'>) {
  const query: Record<string, string> = {};
  if (q.trim()) query['q'] = q.trim();
  if (status) query['status'] = status;
  if (source) query['source'] = source;
  return query;
}

/** GET /api/admin/newsletter/subscribers: one page, newest first. */
export const fetchSubscribers = ({ page, pageSize, ...filters }: SubscribersListQuery) =>
  api<NewsletterSubscriberPage>(`${BASE}/subscribers`, { query: { page, pageSize, ...filterQuery(filters) } });

/** GET /api/admin/newsletter/audience: subscribers per status. */
export const fetchAudience = () => api<NewsletterAudience>(`${BASE}/audience`);

/** GET /api/admin/newsletter/subscribers/export: the matching subscribers as a CSV file, with the server's name. */
export async function fetchSubscribersCsv(
  filters: Omit<SubscribersListQuery, 'page' | 'pageSize'>,
): Promise<{ blob: Blob; fileName: string }> {
  const res = await api.raw<Blob, 'blob'>(`${BASE}/subscribers/export`, {
    query: filterQuery(filters),
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  const fileName =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'newsletter-subscribers.csv';
  return { blob: res._data ?? new Blob([]), fileName };
}

/** POST /api/admin/newsletter/subscribers/import: the list's text (a file is read in the browser first). */
export const importSubscribers = (csv: string) =>
  api<ImportReport>(`${BASE}/subscribers/import`, { method: 'POST', body: { csv } });

/** DELETE /api/admin/newsletter/subscribers/{id}. */
export const removeSubscriber = (id: string) =>
  api<{ message: string }>(`${BASE}/subscribers/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** GET /api/admin/newsletter/issues: newest first, with their delivery counts. */
export const fetchIssues = ({ page, pageSize }: { page: number; pageSize: number }) =>
  api<NewsletterIssuePage>(`${BASE}/issues`, { query: { page, pageSize } });

/** GET /api/admin/newsletter/issues/{id}: with its body. */
export const fetchIssue = (id: string) => api<NewsletterIssue>(`${BASE}/issues/${encodeURIComponent(id)}`);

export interface IssueSaved {
  message: string;
  issue: NewsletterIssue;
}

/** POST /api/admin/newsletter/issues: a new draft. */
export const createIssue = (body: IssueInput) => api<IssueSaved>(`${BASE}/issues`, { method: 'POST', body });

/** PUT /api/admin/newsletter/issues/{id}: a draft's subject and body. */
export const updateIssue = (id: string, body: IssueInput) =>
  api<IssueSaved>(`${BASE}/issues/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** DELETE /api/admin/newsletter/issues/{id}: drafts only. */
export const deleteIssue = (id: string) =>
  api<{ message: string }>(`${BASE}/issues/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** POST /api/admin/newsletter/issues/{id}/send: to every confirmed subscriber. */
export const sendIssue = (id: string) =>
  api<IssueSaved>(`${BASE}/issues/${encodeURIComponent(id)}/send`, { method: 'POST' });

/** POST /api/admin/newsletter/preview: the mail as subscribers get it. */
export const previewIssue = (body: IssueInput) => api<IssuePreview>(`${BASE}/preview`, { method: 'POST', body });

/** POST /api/admin/newsletter/test: the mail to the signed-in admin. */
export const sendTestIssue = (body: IssueInput) => api<{ message: string }>(`${BASE}/test`, { method: 'POST', body });
