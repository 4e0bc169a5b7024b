/** Company settings calls of the admin screens (Update Company, Theme Settings); one function per endpoint. */
import { withCompanyDefaults, type CompanyInput } from '../../../shared/company.ts';
import { THEME_FIELDS, type ThemeField } from '../../../shared/schemas/company.ts';
import type { Company } from '../../../shared/types.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';

/** The ten theme fields of PUT /api/company as JSON (spec §7). */
export type ThemeSettings = Pick<Company, ThemeField>;

export interface CompanySaved {
  message: string;
  /** The settings as saved; null when the answer carried none. */
  company: Company | null;
  /** What the save did beyond what was asked (a dark logo removed with the old brand); shown beside the message. */
  notices: string[];
}

type CompanyAnswer = { message?: string; company?: CompanyInput; notices?: string[] } | undefined;

function saved(answer: CompanyAnswer): CompanySaved {
  return {
    message: answer?.message ?? '',
    company: answer?.company ? withCompanyDefaults(answer.company) : null,
    notices: Array.isArray(answer?.notices) ? answer.notices.filter((n) => typeof n === 'string') : [],
  };
}

/** GET /api/company, revalidated with the server (never an older cached copy), with the section 9 defaults. */
export async function getCompany(): Promise<Company> {
  const answer = await api<CompanyInput>('/api/company', { cache: 'no-cache' });
  return withCompanyDefaults(answer);
}

/** PUT /api/company as multipart: text fields, social[key] and the optional logo, logo_dark and icon files. */
export async function updateCompany(
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
): Promise<CompanySaved> {
  const answer = await uploadFile<CompanyAnswer>('/api/company', form, {
    method: 'PUT',
    ...(onProgress ? { onProgress } : {}),
  });
  return saved(answer);
}

/** PUT /api/company as JSON with exactly the ten theme fields. */
export async function updateTheme(theme: ThemeSettings): Promise<CompanySaved> {
  const body = Object.fromEntries(THEME_FIELDS.map((key) => [key, theme[key]]));
  const answer = await api<CompanyAnswer>('/api/company', { method: 'PUT', body });
  return saved(answer);
}
