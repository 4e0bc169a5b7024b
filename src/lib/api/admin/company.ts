/** Company settings calls of the admin screens (Update Company, Theme Settings); one function per endpoint. */
import { withCompanyDefaults, type CompanyInput } from '../../../shared/company.ts';
import { THEME_FIELDS, type ThemeField } from '../../../shared/schemas/company.ts';
import type { Company } from '../../../shared/types.ts';
import {
  COMPANY_SETTINGS_PATH,
  THEME_SETTINGS_PATH,
  type CompanyDraft,
  type ThemeDraft,
} from '../../../shared/settings-drafts.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';
import { createPreviewLink, discardDraft, fetchDraft, publishDraft, saveDraft } from './drafts.ts';

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

/*
 * The settings' drafts (shared/settings-drafts.ts): the company's under /api/admin/company, the theme's under
 * /api/admin/company/theme, each with its history (revisions.ts, by the same path).
 */

/** GET /api/admin/company/draft: the company's draft (404 when it has none). */
export const fetchCompanyDraft = () => fetchDraft<CompanyDraft>(COMPANY_SETTINGS_PATH);

/** PUT /api/admin/company/draft as multipart, as PUT /api/company takes it: the form saved as the draft. */
export const saveCompanyDraft = (form: FormData, onProgress?: (progress: UploadProgress) => void) =>
  saveDraft<CompanyDraft>(COMPANY_SETTINGS_PATH, form, onProgress);

/** DELETE /api/admin/company/draft: the settings as they stay. */
export const discardCompanyDraft = () => discardDraft<Company>(COMPANY_SETTINGS_PATH);

/** POST /api/admin/company/draft/publish: the draft becomes the live settings. */
export const publishCompanyDraft = () => publishDraft<Company>(COMPANY_SETTINGS_PATH);

/** POST /api/admin/company/preview-link: the site with the draft applied, to share until the link expires. */
export const companyPreviewLink = () => createPreviewLink(COMPANY_SETTINGS_PATH);

/** GET /api/admin/company/theme/draft: the theme's draft (404 when it has none). */
export const fetchThemeDraft = () => fetchDraft<ThemeDraft>(THEME_SETTINGS_PATH);

/** PUT /api/admin/company/theme/draft as JSON with the ten theme fields. */
export const saveThemeDraft = (theme: ThemeSettings) =>
  saveDraft<ThemeDraft>(THEME_SETTINGS_PATH, Object.fromEntries(THEME_FIELDS.map((key) => [key, theme[key]])));

export const discardThemeDraft = () => discardDraft<Company>(THEME_SETTINGS_PATH);
export const publishThemeDraft = () => publishDraft<Company>(THEME_SETTINGS_PATH);
export const themePreviewLink = () => createPreviewLink(THEME_SETTINGS_PATH);
