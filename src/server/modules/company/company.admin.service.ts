/**
 * The admin's company settings update (PUT /api/company): uploaded pictures stored first, then the row and its audit
 * entry in one transaction; after the commit the cached answer is dropped, a site rebuild is asked for and the
 * pictures it replaced are released.
 */
import type { Updateable } from 'kysely';
import type { AuditAction } from '../../../shared/admin.ts';
import type { CompanyUpdate } from '../../../shared/schemas/company.ts';
import type { Company } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import type { CompanySettingsTable } from '../../db/schema.ts';
import { storeUploadedPicture, type UploadInput } from '../../media/upload-check.ts';
import { releaseMediaIfUnused } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { invalidateCompany } from './company.cache.ts';
import { DARK_LOGO_FOLLOWS, darkLogoFollows } from './dark-logo.ts';
import { findCompanyRow, saveCompanyRow } from './company.repository.ts';
import { getCompany } from './company.service.ts';

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

/** The audit line: which fields were sent, pictures first ('Company settings updated: logo, name and 3 more'). */
function summaryOf(action: CompanyChange['action'], fields: string[]): string {
  const what = action === 'theme.update' ? 'Theme settings updated' : 'Company settings updated';
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

/** Applies the change. */
export async function updateCompany(
  db: Db,
  dataDir: string,
  actor: AuthUser,
  change: CompanyChange,
): Promise<CompanyUpdated> {
  const stored: Partial<Record<CompanyPicture, string>> = {};
  let committed = false;
  try {
    for (const field of COMPANY_PICTURES) {
      const upload = change.pictures[field];
      const purpose = field === 'icon' ? 'icon' : 'logo';
      if (upload) stored[field] = (await storeUploadedPicture(db, dataDir, field, upload, purpose)).url;
    }
    const columns: CompanyColumns = {
      ...columnsOf(change.update),
      ...stored,
      ...(stored.logo_dark ? { logo_dark_own: true } : {}),
      updated_at: new Date().toISOString(),
    };
    const notices: string[] = [];
    const replaced = await db.transaction().execute(async (trx) => {
      const before = await findCompanyRow(trx);
      const follows = darkLogoFollows(before, stored);
      if (follows) notices.push(DARK_LOGO_FOLLOWS);
      await saveCompanyRow(trx, follows ? { ...columns, logo_dark: null } : columns);
      await claimMedia(trx, ...Object.values(stored));
      const fields = Object.keys(columns).filter((key) => key !== 'updated_at');
      await recordAudit(trx, actor, {
        action: change.action,
        target: { type: 'company', id: '' },
        summary: summaryOf(change.action, fields),
      });
      const replaced = COMPANY_PICTURES.flatMap((field) =>
        (stored[field] || (field === 'logo_dark' && follows)) && before?.[field] && before[field] !== stored[field]
          ? [before[field]]
          : [],
      );
      await unclaimMedia(trx, ...replaced);
      return replaced;
    });
    committed = true;
    invalidateCompany(db);
    for (const url of replaced)
      await releaseMediaIfUnused(db, dataDir, url).catch((error: unknown) =>
        console.error('releasing a replaced picture failed:', error),
      );
    return { company: await getCompany(db), notices };
  } finally {
    // A failed update leaves no picture behind that nothing refers to.
    if (!committed)
      for (const url of Object.values(stored)) await releaseMediaIfUnused(db, dataDir, url).catch(() => undefined);
  }
}
