/** Public reads of simple pages (GET /api/pages, GET /api/pages/:slug), for the build: the page routes and the footer. */
import type { PageLink, PublicPage } from '../../shared/pages.ts';
import type { ListResponse } from '../../shared/types.ts';
import { api } from './client.ts';
import { orEmpty } from './content.ts';

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

/** Every page of a build renders the footer: one read serves them all (a few seconds, so `astro dev` still follows edits). */
const FOOTER_TTL_MS = 5_000;
let footer: { at: number; links: Promise<PageLink[]> } | undefined;

/** Published pages marked for the footer, by title; none when the API cannot be read (the footer then has no Legal group). */
export function fetchFooterPages(): Promise<PageLink[]> {
  if (!footer || Date.now() - footer.at > FOOTER_TTL_MS) {
    footer = { at: Date.now(), links: orEmpty(fetchPages, 'pages').then((pages) => pages.filter((p) => p.in_footer)) };
  }
  return footer.links;
}
