/**
 * The admin's company settings update (PUT /api/company, or a settings draft published): uploaded pictures stored
 * first, then the row, its audit entry and its versions in one transaction; after the commit the cached answer is
 * dropped and the pictures it replaced are released (the route asks for the site's rebuild).
 */
import type { Updateable } from 'kysely';
import type { AuditAction } from '../../../shared/admin.ts';
import { THEME_FIELDS, type CompanyUpdate } from '../../../shared/schemas/company.ts';
import type { Company } from '../../../shared/types.ts';
import type { CompanySettingsTable } from '../../db/schema.ts';
import { storeFormPictures, type UploadInput } from '../../media/upload-check.ts';
import { writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { ItemWriteContext, ItemWriteNote } from '../drafts/draft.service.ts';
import { keepItemVersion, pruneRevisions } from '../revisions/keep-revision.ts';
import { invalidateCompany } from './company.cache.ts';
import { DARK_LOGO_FOLLOWS, darkLogoFollows } from './dark-logo.ts';
import { findCompanyRow, saveCompanyRow } from './company.repository.ts';
import { getCompany } from './company.service.ts';
import { companyVersioned, SETTINGS_ID, themeVersioned } from './settings-versions.ts';

/** The pictures of the company form, each an optional file upload. */
export const COMPANY_PICTURES = ['logo', 'logo_dark', 'icon'] as const;
export type CompanyPicture = (typeof COMPANY_PICTURES)[number];

export interface CompanyChange {
  update: CompanyUpdate;
  pictures: Partial<Record<CompanyPicture, UploadInput>>;
  action: Extract<AuditAction, 'company.update' | 'theme.update'>;
}

type CompanyColumns = Updateable<CompanySettingsTable>;

/** The update as columns: social.x becomes social_x; fields not sent stay out. */
function columnsOf(update: CompanyUpdate): CompanyColumns {
  const { social, ...rest } = update;
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) columns[key] = value;
  for (const [key, value] of Object.entries(social ?? {})) if (value !== undefined) columns[`social_${key}`] = value;
  return columns;
}

const isPicture = (field: string) => (COMPANY_PICTURES as readonly string[]).includes(field);

/** Fields an audit line names before it says 'and N more'. */
const SUMMARY_FIELDS = 8;

/**
 * The audit line: which fields were sent, pictures first ('Company settings updated: logo, name and 3 more'), or
 * how they were written ('published from its draft').
 */
function summaryOf(action: CompanyChange['action'], fields: string[], how = 'updated'): string {
  const what = `${action === 'theme.update' ? 'Theme settings' : 'Company settings'} ${how}`;
  const names = [...fields]
    .sort((a, b) => Number(isPicture(b)) - Number(isPicture(a)))
    .map((f) => f.replace(/^social_/, 'social.'));
  if (names.length === 0) return what;
  const shown = names.slice(0, SUMMARY_FIELDS).join(', ');
  return names.length > SUMMARY_FIELDS
    ? `${what}: ${shown} and ${names.length - SUMMARY_FIELDS} more`
    : `${what}: ${shown}`;
}

/** The company as GET /api/company now answers it, and what the admin should know about the save beyond its success. */
export interface CompanyUpdated {
  company: Company;
  notices: string[];
}

/** The purpose each company picture is stored for. */
const PICTURE_PURPOSES = COMPANY_PICTURES.map((field) => ({
  field,
  purpose: field === 'icon' ? ('icon' as const) : ('logo' as const),
}));

/** Applies the change: its pictures stored first, then written with the rest. */
export async function updateCompany(ctx: ItemWriteContext, change: CompanyChange): Promise<CompanyUpdated> {
  const stored = await storeFormPictures(ctx.db, ctx.dataDir, { files: change.pictures }, PICTURE_PURPOSES);
  return writeCompany(ctx, { update: change.update, stored, action: change.action });
}

/** A write of the settings: checked fields, and pictures already stored (by field). */
export interface CompanyWrite {
  update: CompanyUpdate;
  stored: Partial<Record<CompanyPicture, string>>;
  action: CompanyChange['action'];
  /** A draft's publish: the audit's words, the versions' action and what else its transaction does. */
  note?: ItemWriteNote;
}

const THEME_KEYS: readonly string[] = THEME_FIELDS;

/**
 * Writes the settings, their audit entry and a version of each kind the write touched (the company's, the theme's)
 * in one transaction; a picture it replaced is released after the commit, and a stored one when it fails.
 */
export async function writeCompany(ctx: ItemWriteContext, write: CompanyWrite): Promise<CompanyUpdated> {
  const { stored, action, note } = write;
  const columns: CompanyColumns = {
    ...columnsOf(write.update),
    ...stored,
    ...(stored.logo_dark ? { logo_dark_own: true } : {}),
    updated_at: new Date().toISOString(),
  };
  const sent = Object.keys(columns).filter((key) => key !== 'updated_at');
  const touches = {
    company: sent.some((key) => !THEME_KEYS.includes(key) && key !== 'logo_dark_own'),
    theme: sent.some((key) => THEME_KEYS.includes(key)),
  };
  const notices: string[] = [];
  await writeNamingFile(
    ctx,
    Object.values(stored),
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await findCompanyRow(trx);
        const follows = darkLogoFollows(before, stored);
        if (follows) notices.push(DARK_LOGO_FOLLOWS);
        await saveCompanyRow(trx, follows ? { ...columns, logo_dark: null } : columns);
        await claimMedia(trx, ...Object.values(stored));
        await recordAudit(trx, ctx.actor, {
          action,
          target: { type: 'company', id: '' },
          summary: summaryOf(action, sent, note?.what),
        });
        const after = await findCompanyRow(trx);
        const version = note?.action ?? 'update';
        if (touches.company)
          await keepItemVersion(
            trx,
            companyVersioned,
            ctx.actor,
            SETTINGS_ID,
            version,
            { row: after },
            { row: before },
          );
        if (touches.theme)
          await keepItemVersion(trx, themeVersioned, ctx.actor, SETTINGS_ID, version, { row: after }, { row: before });
        await note?.also?.(trx);
        const replaced = COMPANY_PICTURES.flatMap((field) =>
          (stored[field] || (field === 'logo_dark' && follows)) && before?.[field] && before[field] !== stored[field]
            ? [before[field]]
            : [],
        );
        await unclaimMedia(trx, ...replaced);
        return replaced;
      }),
    (replaced) => replaced,
  );
  invalidateCompany(ctx.db);
  if (touches.company) await pruneRevisions(ctx, 'company', SETTINGS_ID);
  if (touches.theme) await pruneRevisions(ctx, 'theme', SETTINGS_ID);
  return { company: await getCompany(ctx.db), notices };
}
