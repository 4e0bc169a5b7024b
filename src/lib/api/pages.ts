/** Public reads of simple pages (GET /api/pages, GET /api/pages/:slug), for the build: the page routes and the footer (footer.ts). */
import type { PageLink, PublicPage } from '../../shared/pages.ts';
import type { ListResponse } from '../../shared/types.ts';
import { api } from './client.ts';

/** GET /api/pages: published pages (no content). */
export const fetchPages = async (): Promise<PageLink[]> => (await api<ListResponse<PageLink>>('/api/pages')).results;
/** GET /api/pages/{slug}: one published page. */
export const fetchPage = (slug: string) => api<PublicPage>(`/api/pages/${encodeURIComponent(slug)}`);

/** A page unpublished since the list was read answers 404: left out. Any other failure goes to the caller. */
function goneOrThrow(error: unknown): null {
  if ((error as { status?: number } | null)?.status === 404) return null;
  throw error;
}

/** Every published page with its content (the list has none: each is read on its own), for the page routes. */
export async function fetchPublishedPages(): Promise<PublicPage[]> {
  const pages = await Promise.all((await fetchPages()).map((link) => fetchPage(link.slug).catch(goneOrThrow)));
  return pages.filter((page) => page !== null);
}
