/**
 * Drafts of the site's settings: the company's (Update Company) and the theme's (Theme Settings) are two drafts of the
 * one settings record, each holding only its own screen's fields, so publishing one never publishes the other. A
 * settings preview is the whole site with the draft applied: its link opens the site with SITE_PREVIEW_PARAM, which
 * the page keeps for the tab until the preview is ended.
 */
import type { DraftInfo } from './drafts.ts';
import { omit } from './omit.ts';
import { THEME_FIELDS, type ThemeField } from './schemas/company.ts';
import type { Company } from './types.ts';

/** The fields of a company draft: every field of Update Company (the theme's and the hero image are not). */
export type CompanyDraftFields = Omit<Company, '_id' | 'hero_image' | ThemeField>;
/** The fields of a theme draft: the ten theme fields. */
export type ThemeDraftFields = Pick<Company, ThemeField>;

export interface CompanyDraft extends DraftInfo {
  fields: CompanyDraftFields;
}
export interface ThemeDraft extends DraftInfo {
  fields: ThemeDraftFields;
}

/** The pictures of a company draft, each a stored picture's URL: a new one is sent as a file under its name. */
export const COMPANY_DRAFT_PICTURES = ['logo', 'logo_dark', 'icon'] as const;

/** The admin API paths the settings' draft and history calls hang from. */
export const COMPANY_SETTINGS_PATH = '/api/admin/company';
export const THEME_SETTINGS_PATH = '/api/admin/company/theme';

/** A company's fields as a company draft holds them. */
export const companyDraftFields = (company: Company): CompanyDraftFields =>
  omit(company, '_id', 'hero_image', ...THEME_FIELDS);

/** A company's fields as a theme draft holds them. */
export const themeDraftFields = (company: Company): ThemeDraftFields =>
  Object.fromEntries(THEME_FIELDS.map((key) => [key, company[key]])) as ThemeDraftFields;

// The link's parameter and the banner's texts live in a module without imports, for the page script that uses them.
export { END_PREVIEW, SETTINGS_PREVIEW_BANNER, SITE_PREVIEW_PARAM } from './site-preview.ts';
