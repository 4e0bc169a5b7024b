import { withCompanyDefaults } from '../../shared/company.ts';
import type { Company } from '../../shared/types.ts';
import { api } from './client.ts';

let bakedEtag = '';

/** GET /api/company; a failure is logged and the section 9 defaults are used so the page still renders. */
export async function fetchCompany(): Promise<Company> {
  try {
    const res = await api.raw<Partial<Company>>('/api/company');
    bakedEtag = res.headers.get('ETag') ?? '';
    return withCompanyDefaults(res._data ?? null);
  } catch (error) {
    console.error('Failed to load company settings:', error instanceof Error ? error.message : error);
    bakedEtag = '';
    return withCompanyDefaults(null);
  }
}

/** The ETag of the company answer the pages were built with: the browser revalidates against it. */
export function companyEtag(): string {
  return bakedEtag;
}
