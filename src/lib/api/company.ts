import { withCompanyDefaults } from '../../shared/company.ts';
import type { Company } from '../../shared/types.ts';
import { api } from './client.ts';

/** GET /api/company; a failure is logged and the section 9 defaults are used so the page still renders. */
export async function fetchCompany(): Promise<Company> {
  try {
    return withCompanyDefaults(await api<Partial<Company>>('/api/company'));
  } catch (error) {
    console.error('Failed to load company settings:', error instanceof Error ? error.message : error);
    return withCompanyDefaults(null);
  }
}
