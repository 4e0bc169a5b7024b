/**
 * PUT /api/company (admin only; site-spec §7): multipart from Update Company (text fields, social[key], files logo,
 * logo_dark, icon) or JSON from Theme Settings (the ten theme fields; any company field is accepted too).
 */
import { Hono, type Context } from 'hono';
import { CompanyUpdate, isThemeOnly } from '../../../shared/schemas/company.ts';
import { fieldSentence } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import { ApiError, badRequest, fieldError } from '../../http/errors.ts';
import { readUploadForm, readWriteBody, uploadBodyLimit } from '../../http/upload-form.ts';
import { mediaType } from '../../http/media-type.ts';
import { siteChanged } from '../../site/site-changed.ts';
import { COMPANY_PICTURES, updateCompany, type CompanyChange } from './company.admin.service.ts';

export const COMPANY_UPDATED = 'Company settings updated successfully';
export const THEME_UPDATED = 'Theme settings updated successfully!';

/** `social[facebook]` (a form's name) as the field path `social.facebook`, everything else as it is. */
const SOCIAL_FIELD = /^social\[([a-z]+)\]$/;

/** A form's text fields as an update object: social[key] gathered under social. */
function formInput(fields: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const social: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const key = SOCIAL_FIELD.exec(name)?.[1];
    if (key) social[key] = value;
    else if (name !== 'social') input[name] = value;
  }
  if (Object.keys(social).length > 0) input['social'] = social;
  return input;
}

/** Parses the update with the shared rules: 400 { message, field } on the first bad field (social.x as social[x]). */
function parseUpdate(input: Record<string, unknown>): CompanyUpdate {
  const result = CompanyUpdate.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const [head, ...rest] = issue?.path.map(String) ?? [];
  const field = head === undefined ? '' : rest.length > 0 ? `${head}[${rest.join('][')}]` : head;
  throw fieldError(400, fieldSentence(field, issue?.message ?? 'is invalid'), field);
}

/** Whether the parsed update names any field at all (unknown fields were dropped). */
const namesAField = (update: CompanyUpdate) => Object.values(update).some((value) => value !== undefined);

async function readChange(c: Context<AppEnv>): Promise<{ change: CompanyChange; message: string }> {
  if (mediaType(c.req.header('content-type')) === 'multipart/form-data') {
    const { fields, files } = await readUploadForm(c, COMPANY_PICTURES);
    const update = parseUpdate(formInput(fields));
    const pictures = Object.fromEntries(COMPANY_PICTURES.flatMap((name) => (files[name] ? [[name, files[name]]] : [])));
    if (!namesAField(update) && Object.keys(pictures).length === 0) throw badRequest('No company setting to update');
    return { change: { update, pictures, action: 'company.update' }, message: COMPANY_UPDATED };
  }
  const { fields } = await readWriteBody(c, []);
  const update = parseUpdate(fields);
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
    const user = c.get('user');
    if (!user) throw new ApiError(401, 'Please sign in');
    const { company, notices } = await updateCompany(c.get('db'), c.get('env').DATA_DIR, user, change);
    siteChanged(c, change.action === 'theme.update' ? 'theme settings' : 'company settings');
    return c.json({ message, company, ...(notices.length > 0 ? { notices } : {}) });
  });
}
