import { atom } from 'nanostores';
import { withCompanyDefaults } from '../../shared/company.ts';
import type { Company } from '../../shared/types.ts';

/** Branding as last fetched in the browser; null until the first refresh answers. */
export const $company = atom<Company | null>(null);

/** Refreshes branding from GET /api/company; a failure is logged and the baked-in branding stays. */
export async function refreshCompany(apiBase = ''): Promise<void> {
  try {
    const res = await fetch(`${apiBase}/api/company`, { credentials: 'include', headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`GET /api/company answered ${res.status}`);
    $company.set(withCompanyDefaults(await res.json()));
  } catch (error) {
    console.error('Failed to load company settings:', error instanceof Error ? error.message : error);
  }
}
