/**
 * The site's settings as their drafts and versions see them: two kinds of one record, the company's (every field of
 * Update Company, the logo as its picture and the dark logo and icon among its fields) and the theme's (the ten theme
 * fields), so a draft or a version of one never holds the other's.
 */
import type { Selectable } from 'kysely';
import { SEO_PAGES } from '../../../shared/constants.ts';
import { SEO_PAGE_LABELS } from '../../../shared/seo-page-labels.ts';
import { THEME_FIELD_LABELS, THEME_FIELDS } from '../../../shared/schemas/company.ts';
import {
  companyDraftFields,
  themeDraftFields,
  type CompanyDraftFields,
  type ThemeDraftFields,
} from '../../../shared/settings-drafts.ts';
import type { Db } from '../../db/connection.ts';
import type { CompanySettingsTable } from '../../db/schema.ts';
import type { RevisionField } from '../revisions/compare-versions.ts';
import type { Versioned } from '../revisions/keep-revision.ts';
import { findCompanyRow } from './company.repository.ts';
import { companyFromRow } from './company.service.ts';

/** The settings record; a new site has no row until its first save, and shows the defaults. */
export interface SettingsRecord {
  row: Selectable<CompanySettingsTable> | undefined;
}

/** The settings have one record, named by the empty id. */
export const SETTINGS_ID = '';

export const findSettings = async (db: Db, id: string): Promise<SettingsRecord | undefined> =>
  id === SETTINGS_ID ? { row: await findCompanyRow(db) } : undefined;

/** A record never written holds the defaults until now: its first version (the defaults) is dated now. */
const writtenAt = ({ row }: SettingsRecord) => row?.updated_at ?? new Date().toISOString();

const text = (name: string, label: string): RevisionField => ({ name, label, kind: 'text' });

/** The company's fields as its history names them, as the Update Company screen labels them; the logo first. */
const COMPANY_FIELDS: readonly RevisionField[] = [
  { name: 'logo', label: 'Logo', kind: 'picture' },
  { name: 'logo_dark', label: 'Logo (dark theme)', kind: 'picture' },
  { name: 'icon', label: 'Icon (favicon)', kind: 'picture' },
  text('name', 'Company name'),
  text('tagline', 'Tagline'),
  text('description', 'Description'),
  text('cta_text', 'Call-to-action text'),
  text('cta_link', 'Call-to-action link'),
  text('font', 'Font'),
  text('logo_shows_name', "The logo shows the company's name"),
  { name: 'home_sections', label: 'Home page sections', kind: 'list' },
  text('about_story', 'Our Story'),
  text('about_mission', 'Our Mission'),
  text('about_vision', 'Our Vision'),
  text('address', 'Address'),
  text('phone', 'Phone'),
  text('email', 'Email'),
  text('website', 'Website'),
  text('social', 'Social links'),
  ...SEO_PAGES.flatMap((page) => [
    text(`seo_${page}_title`, `${SEO_PAGE_LABELS[page]} page title`),
    text(`seo_${page}_description`, `${SEO_PAGE_LABELS[page]} page description`),
  ]),
];

export const companyVersioned: Versioned<SettingsRecord, CompanyDraftFields> = {
  type: 'company',
  fields: COMPANY_FIELDS,
  picture: 'logo',
  fieldsOf: ({ row }) => companyDraftFields(companyFromRow(row)),
  writtenAt,
};

export const themeVersioned: Versioned<SettingsRecord, ThemeDraftFields> = {
  type: 'theme',
  fields: THEME_FIELDS.map((name) => text(name, THEME_FIELD_LABELS[name])),
  fieldsOf: ({ row }) => themeDraftFields(companyFromRow(row)),
  writtenAt,
};
