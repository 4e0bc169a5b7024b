import { atom } from 'nanostores';
import type { Company } from '../../shared/types.ts';

/** Branding as last fetched in the browser; null while it is still what the page was built with. */
export const $company = atom<Company | null>(null);

/**
 * Revalidates branding against the version the page was built with (its ETag): unchanged, the API answers
 * 304 with no body and nothing more is loaded; changed, the defaults rule is loaded and the store set.
 * A failure is logged and the baked-in branding stays.
 */
export async function refreshCompany(apiBase = '', builtEtag = ''): Promise<void> {
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (builtEtag) headers['If-None-Match'] = builtEtag;
    const res = await fetch(`${apiBase}/api/company`, { credentials: 'include', headers });
    if (res.status === 304) return;
    if (!res.ok) throw new Error(`GET /api/company answered ${res.status}`);
    const [{ withCompanyDefaults }, body] = await Promise.all([import('../../shared/company.ts'), res.json()]);
    $company.set(withCompanyDefaults(body));
  } catch (error) {
    console.error('Failed to load company settings:', error instanceof Error ? error.message : error);
  }
}
