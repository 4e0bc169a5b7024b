/**
 * PUT /api/company (admin only; site-spec §7): multipart from Update Company (text fields, social[key], files logo,
 * logo_dark, icon) or JSON from Theme Settings (the ten theme fields; any company field is accepted too).
 */
import { Hono, type Context } from 'hono';
import { CompanyUpdate, isThemeOnly } from '../../../shared/schemas/company.ts';
import type { AppEnv } from '../../app-env.ts';
import { badRequest } from '../../http/errors.ts';
import { itemWriteContext } from '../drafts/item-write-context.ts';
import { readUploadForm, readWriteBody, uploadBodyLimit } from '../../http/upload-form.ts';
import { mediaType } from '../../http/media-type.ts';
import { siteChanged } from '../../site/site-changed.ts';
import { parseSettings, settingsInput } from './company-input.ts';
import { COMPANY_PICTURES, updateCompany, type CompanyChange } from './company.admin.service.ts';

export const COMPANY_UPDATED = 'Company settings updated successfully';
export const THEME_UPDATED = 'Theme settings updated successfully!';

/** Whether the parsed update names any field at all (unknown fields were dropped). */
const namesAField = (update: CompanyUpdate) => Object.values(update).some((value) => value !== undefined);

async function readChange(c: Context<AppEnv>): Promise<{ change: CompanyChange; message: string }> {
  if (mediaType(c.req.header('content-type')) === 'multipart/form-data') {
    const { fields, files } = await readUploadForm(c, COMPANY_PICTURES);
    const update = parseSettings(CompanyUpdate, settingsInput(fields));
    const pictures = Object.fromEntries(COMPANY_PICTURES.flatMap((name) => (files[name] ? [[name, files[name]]] : [])));
    if (!namesAField(update) && Object.keys(pictures).length === 0) throw badRequest('No company setting to update');
    return { change: { update, pictures, action: 'company.update' }, message: COMPANY_UPDATED };
  }
  const { fields } = await readWriteBody(c, []);
  const update = parseSettings(CompanyUpdate, fields);
  if (!namesAField(update)) throw badRequest('No company setting to update');
  const theme = isThemeOnly(Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)));
  return {
    change: { update, pictures: {}, action: theme ? 'theme.update' : 'company.update' },
    message: theme ? THEME_UPDATED : COMPANY_UPDATED,
  };
}

/** Three file slots: logo, logo_dark, icon. */
export function companyAdminRoutes() {
  return new Hono<AppEnv>().put('/company', uploadBodyLimit(COMPANY_PICTURES.length), async (c) => {
    const { change, message } = await readChange(c);
    const { company, notices } = await updateCompany(itemWriteContext(c), change);
    siteChanged(c, change.action === 'theme.update' ? 'theme settings' : 'company settings');
    return c.json({ message, company, ...(notices.length > 0 ? { notices } : {}) });
  });
}
