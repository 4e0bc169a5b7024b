/**
 * Drafts of the site's settings (drafts/draft.service.ts), admin-only under /api/admin/company (the company's) and
 * /api/admin/company/theme (the theme's): sent as PUT /api/company takes them and checked by the same rules, kept
 * without reaching the site, and published through the settings' own write. Their preview is the whole site with
 * the draft applied (the preview answer is the company as GET /api/company would answer it).
 */
import { withCompanyDefaults, DEFAULT_COMPANY } from '../../../shared/company.ts';
import { omit } from '../../../shared/omit.ts';
import { CompanyUpdate, THEME_FIELDS, ThemeUpdate } from '../../../shared/schemas/company.ts';
import {
  COMPANY_DRAFT_PICTURES,
  type CompanyDraftFields,
  type ThemeDraftFields,
} from '../../../shared/settings-drafts.ts';
import { resolveHomeSections } from '../../../shared/home-layout.ts';
import type { Company, Social } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/errors.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import type { DraftRoutes } from '../drafts/draft.routes.ts';
import { applyChanges, previewFields, type Draftable, type ItemChanges } from '../drafts/draft.service.ts';
import type { ItemFields } from '../revisions/keep-revision.ts';
import { parseSettings, settingsInput } from './company-input.ts';
import { writeCompany, type CompanyPicture } from './company.admin.service.ts';
import { companyFromRow, getCompany } from './company.service.ts';
import {
  companyVersioned,
  findSettings,
  SETTINGS_ID,
  themeVersioned,
  type SettingsRecord,
} from './settings-versions.ts';

const found = (_actor: AuthUser, record: SettingsRecord | undefined): SettingsRecord => {
  if (!record) throw new ApiError(404, 'Not found');
  return record;
};

/**
 * A checked update as a draft's values: what it clears (null) takes the value the site then shows, the home sections
 * their list; fields not sent stay out.
 */
function draftValues(update: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    if (key === 'social')
      values[key] = Object.fromEntries(
        Object.entries(value as Partial<Record<keyof Social, string | null | undefined>>).flatMap(([name, link]) =>
          link === undefined ? [] : [[name, link ?? '']],
        ),
      );
    else if (key === 'home_sections') values[key] = resolveHomeSections(value);
    else values[key] = value ?? DEFAULT_COMPANY[key as keyof Company];
  }
  return values;
}

/** The fields of `draft` that differ from `live`, as an update: a value that is the site's default clears the field. */
function updateOf(draft: ItemFields, live: ItemFields, skip: readonly string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const was = live as Record<string, unknown>;
  for (const [key, value] of Object.entries(draft)) {
    if (skip.includes(key) || JSON.stringify(value) === JSON.stringify(was[key])) continue;
    if (key === 'social') {
      const before = was[key] as Social;
      input[key] = Object.fromEntries(
        Object.entries(value as Social).filter(([name, link]) => link !== before[name as keyof Social]),
      );
    } else input[key] = value === DEFAULT_COMPANY[key as keyof Company] && key !== 'name' ? '' : value;
  }
  return input;
}

/** The settings with a draft's fields in place of their own: the company the site is shown with. */
const withDraft = (record: SettingsRecord, fields: ItemFields): Company =>
  withCompanyDefaults({ ...companyFromRow(record.row), ...fields });

export const companyDraftable: Draftable<SettingsRecord, CompanyDraftFields> = {
  ...companyVersioned,
  label: () => 'Company settings',
  upload: { purpose: 'logo', removable: false },
  morePictures: [
    { field: 'logo_dark', purpose: 'logo' },
    { field: 'icon', purpose: 'icon' },
  ],
  find: findSettings,
  visible: found,
  changeable: found,
  mayPublish: () => undefined,
  prepare: (_ctx, input) => {
    const update = parseSettings(CompanyUpdate, settingsInput(omit(input, ...THEME_FIELDS)));
    return Promise.resolve(draftValues(update) as ItemChanges<CompanyDraftFields>);
  },
  // Social links are one field of four values: a sent one changes its own.
  merge: (base, changes) => {
    const social = changes.social && { ...base.social, ...changes.social };
    return applyChanges(base, social ? { ...changes, social } : changes);
  },
  publish: async (ctx, _id, fields, picture, also) => {
    const record = found(ctx.actor, await findSettings(ctx.db, SETTINGS_ID));
    const live = companyVersioned.fieldsOf(record);
    const update = parseSettings(CompanyUpdate, updateOf(fields, live, COMPANY_DRAFT_PICTURES));
    const stored: Partial<Record<CompanyPicture, string>> = {
      ...(picture.image ? { logo: picture.image } : {}),
      ...(fields.logo_dark !== live.logo_dark && fields.logo_dark ? { logo_dark: fields.logo_dark } : {}),
      ...(fields.icon !== live.icon && fields.icon ? { icon: fields.icon } : {}),
    };
    await writeCompany(ctx, {
      update,
      stored,
      action: 'company.update',
      note: { what: 'published from its draft', action: 'publish', also },
    });
    return { publicChange: true };
  },
};

export const themeDraftable: Draftable<SettingsRecord, ThemeDraftFields> = {
  ...themeVersioned,
  label: () => 'Theme settings',
  find: findSettings,
  visible: found,
  changeable: found,
  mayPublish: () => undefined,
  prepare: (_ctx, input) =>
    Promise.resolve(draftValues(parseSettings(ThemeUpdate, input)) as ItemChanges<ThemeDraftFields>),
  publish: async (ctx, _id, fields, _picture, also) => {
    const record = found(ctx.actor, await findSettings(ctx.db, SETTINGS_ID));
    const update = parseSettings(ThemeUpdate, updateOf(fields, themeVersioned.fieldsOf(record), []));
    await writeCompany(ctx, {
      update,
      stored: {},
      action: 'theme.update',
      note: { what: 'published from its draft', action: 'publish', also },
    });
    return { publicChange: true };
  },
};

const settings = async (db: Db) => getCompany(db);

export const companyDrafts: DraftRoutes<SettingsRecord, CompanyDraftFields, Company> = {
  draftable: companyDraftable,
  path: '/admin/company',
  site: 'company settings',
  item: settings,
};

export const themeDrafts: DraftRoutes<SettingsRecord, ThemeDraftFields, Company> = {
  draftable: themeDraftable,
  path: '/admin/company/theme',
  site: 'theme settings',
  item: settings,
};

/** The site's settings with the kind's draft applied: what a settings preview link shows every page with. */
const settingsPreview =
  <F extends ItemFields>(kind: Draftable<SettingsRecord, F>) =>
  async (db: Db, id: string): Promise<{ item: Company; draft: boolean; published: boolean } | null> => {
    const previewed = await previewFields(db, kind, id);
    if (!previewed) return null;
    return { item: withDraft(previewed.row, previewed.fields), draft: previewed.draft, published: true };
  };

export const companyPreview = settingsPreview(companyDraftable);
export const themePreview = settingsPreview(themeDraftable);
