import { atom } from 'nanostores';
import type { Company } from '../../shared/types.ts';

/** Branding as last fetched in the browser; null while it is still what the page was built with. */
export const $company = atom<Company | null>(null);

/**
 * Revalidates branding against the version the page was built with (its ETag): unchanged, the API answers 304 with
 * no body and this resolves to null; changed, it resolves to the new answer's JSON, which `setCompany` (loaded only
 * then, with the code that applies it) turns into the store's value. A failure is logged and resolves to null.
 * A plain conditional fetch rather than the ofetch client: it runs on every page, whose whole script budget is 3 KB.
 */
export async function fetchChangedCompany(apiBase = '', builtEtag = ''): Promise<unknown> {
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (builtEtag) headers['If-None-Match'] = builtEtag;
    const res = await fetch(`${apiBase}/api/company`, { credentials: 'include', headers });
    if (res.status === 304) return null;
    if (!res.ok) throw new Error(`GET /api/company answered ${res.status}`);
    return await res.json();
  } catch (error) {
    console.error('Failed to load company settings:', error instanceof Error ? error.message : error);
    return null;
  }
}
