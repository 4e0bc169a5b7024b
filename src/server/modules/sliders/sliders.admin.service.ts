/**
 * Admin writes of sliders: each write and its audit entry commit together; pictures are stored before the
 * transaction and released after it (a failed write releases the new one, a replaced or deleted slide its old one).
 * The caller asks for the site rebuild once a write has returned. Each write of a slide's content keeps a version
 * (slider-versions.ts); its showing and its order are set at once, outside drafts and versions.
 */
import { randomUUID } from 'node:crypto';
import { omit } from '../../../shared/omit.ts';
import {
  checkSliderForm,
  checkSlideShows,
  NEW_SLIDER_VALUES,
  type SliderValues,
} from '../../../shared/schemas/slider.ts';
import type { AdminSlider } from '../../../shared/sliders-admin.ts';
import type { Slider } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { storeFormPicture, type UploadForm } from '../../media/upload-check.ts';
import { releaseEachIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { findCompanyRow } from '../company/company.repository.ts';
import type { ItemWriteNote } from '../drafts/draft.service.ts';
import { deleteDraftRow, draftInfo, draftInfos, findDraftRow } from '../drafts/drafts.repository.ts';
import { dropItemRevisions, keepItemVersion, pruneRevisions } from '../revisions/keep-revision.ts';
import {
  deleteSliderRow,
  findSliderRow,
  insertSliderRow,
  listAllSliderRows,
  listSliderIds,
  updateSliderRow,
  type SliderRow,
} from './sliders.repository.ts';
import { sliderFromRow } from './sliders.service.ts';
import { sliderVersioned } from './slider-versions.ts';

export const SLIDER_NOT_FOUND = 'Slider not found';
export const REORDER_MESSAGE = 'The list must name every slider exactly once.';

/** Where stored pictures live (DATA_DIR) and who is writing. */
export interface WriteContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

const notFound = () => new ApiError(404, SLIDER_NOT_FOUND);
export const sliderLabel = (title: string) => `Slider "${title || 'Untitled'}"`;
const label = sliderLabel;

/** The row when there is one; else the slider's 404. */
export function foundSlider<T>(row: T | undefined): T {
  if (!row) throw notFound();
  return row;
}

/** Every slider, inactive ones too, by order then title, each with who saved its draft. */
export async function allSliders(db: Db): Promise<AdminSlider[]> {
  const [rows, drafts] = await Promise.all([listAllSliderRows(db), draftInfos(db, 'slider')]);
  return rows.map((row) => ({ ...sliderFromRow(row), draft: drafts.get(row.id) ?? null }));
}

/** One slider as the admin reads it, its draft included; 404 for none. */
export async function findAdminSlider(db: Db, id: string): Promise<AdminSlider> {
  const row = foundSlider(await findSliderRow(db, id));
  const draft = await findDraftRow(db, 'slider', id);
  return { ...sliderFromRow(row), draft: draft ? draftInfo(draft) : null };
}

/** The company's public id (company_settings.public_id): the only company a slider may name. */
async function companyId(db: Db): Promise<string> {
  return (await findCompanyRow(db))?.public_id ?? '';
}

/**
 * The sent fields applied to `base`, or a 400 naming the first bad field; the company is the site's own. `hasImage`:
 * the slide will have a picture (one sent, or one it keeps), so it may go without a title.
 */
function checkedValues(
  fields: Record<string, string>,
  base: SliderValues,
  company: string,
  hasImage: boolean,
): SliderValues {
  const check = checkSliderForm(fields, { ...base, company });
  if (!check.ok) throw fieldError(400, check.message, check.field);
  const shows = checkSlideShows(check.value, hasImage);
  if (!shows.ok) throw fieldError(400, shows.message, shows.field);
  // A missing company falls back to the site's (spec section 4: older sliders); any other one is refused.
  if (check.value.company === '') return { ...check.value, company };
  if (check.value.company !== company) throw fieldError(400, "Company must be this site's company id.", 'company');
  return check.value;
}

/** The columns of a slider's values (searchButton stored as JSON text). */
function columnsOf(v: SliderValues) {
  return {
    title: v.title,
    subtitle: v.subtitle,
    link: v.link,
    sort_order: v.order,
    type: v.type,
    button1_text: v.button1_text,
    button1_link: v.button1_link,
    button2_text: v.button2_text,
    button2_link: v.button2_link,
    content_alignment: v.contentAlignment,
    is_active: v.isActive,
    is_global_settings: v.isGlobalSettings,
    company: v.company,
    search_button: JSON.stringify(v.searchButton),
  };
}

const valuesOf = (slider: Slider): SliderValues => omit(slider, '_id', 'image');

/**
 * Sent form fields applied to the stored slide, checked as its PUT checks them (a PUT, or a draft being published);
 * `hasImage`: the slide will have a picture.
 */
export async function checkedSliderChanges(
  db: Db,
  row: SliderRow,
  fields: Record<string, string>,
  hasImage: boolean,
): Promise<SliderValues> {
  return checkedValues(fields, valuesOf(sliderFromRow(row)), await companyId(db), hasImage);
}

/** POST /api/sliders. */
export async function createSlider(ctx: WriteContext, form: UploadForm): Promise<Slider> {
  const values = checkedValues(
    form.fields,
    NEW_SLIDER_VALUES,
    await companyId(ctx.db),
    form.files['image'] !== undefined,
  );
  const image = await storeFormPicture(ctx.db, ctx.dataDir, form, 'image', 'hero');
  const id = randomUUID();
  const now = new Date().toISOString();
  return writeNamingFile(ctx, image, () =>
    ctx.db.transaction().execute(async (trx) => {
      await insertSliderRow(trx, { id, ...columnsOf(values), image: image ?? '', created_at: now, updated_at: now });
      await claimMedia(trx, image);
      const created = readBack(await findSliderRow(trx, id), `slider ${id}`);
      await keepItemVersion(trx, sliderVersioned, ctx.actor, id, 'create', created);
      await recordAudit(trx, ctx.actor, {
        action: 'slider.create',
        target: { type: 'slider', id },
        summary: `${label(values.title)} created`,
      });
      return sliderFromRow(created);
    }),
  );
}

/** PUT /api/sliders/:id: the sent fields change, the others keep their stored values; a new image replaces the old. */
export async function updateSlider(ctx: WriteContext, id: string, form: UploadForm): Promise<Slider> {
  const row = foundSlider(await findSliderRow(ctx.db, id));
  const hasImage = form.files['image'] !== undefined || Boolean(row.image);
  const values = await checkedSliderChanges(ctx.db, row, form.fields, hasImage);
  const image = await storeFormPicture(ctx.db, ctx.dataDir, form, 'image', 'hero');
  return writeSliderChanges(ctx, id, values, image, { what: 'updated', action: 'update' });
}

/**
 * Writes checked values to a slide (a PUT, or a draft being published) and keeps the version it made; the picture it
 * replaced leaves the media store once nothing names it, and versions beyond the limit are pruned.
 */
export async function writeSliderChanges(
  ctx: WriteContext,
  id: string,
  values: SliderValues,
  image: string | undefined,
  { what, action, also }: ItemWriteNote,
): Promise<Slider> {
  const { slider } = await writeNamingFile(
    ctx,
    image,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = foundSlider(await findSliderRow(trx, id));
        const changes = { ...columnsOf(values), updated_at: new Date().toISOString(), ...(image ? { image } : {}) };
        await updateSliderRow(trx, id, changes);
        await claimMedia(trx, image);
        if (image && before.image !== image) await unclaimMedia(trx, before.image);
        await also?.(trx);
        const after = readBack(await findSliderRow(trx, id), `slider ${id}`);
        await keepItemVersion(trx, sliderVersioned, ctx.actor, id, action, after, before);
        await recordAudit(trx, ctx.actor, {
          action: 'slider.update',
          target: { type: 'slider', id },
          summary: `${label(values.title)} ${what}`,
        });
        return { slider: sliderFromRow(after), previous: before.image };
      }),
    (written) => (image ? written.previous : undefined),
  );
  await pruneRevisions(ctx, 'slider', id);
  return slider;
}

/** PATCH /api/sliders/:id: shows or hides the slide. */
export async function setSliderActive(ctx: WriteContext, id: string, isActive: boolean): Promise<Slider> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findSliderRow(trx, id);
    if (!row) throw notFound();
    await updateSliderRow(trx, id, { is_active: isActive, updated_at: new Date().toISOString() });
    const summary = `${label(row.title)} ${isActive ? 'activated' : 'deactivated'}`;
    await recordAudit(trx, ctx.actor, { action: 'slider.update', target: { type: 'slider', id }, summary });
    return sliderFromRow(readBack(await findSliderRow(trx, id), `slider ${id}`));
  });
}

/**
 * DELETE /api/sliders/:id, its draft and its versions with it; their pictures leave DATA_DIR/media once nothing else
 * names them.
 */
export async function deleteSlider(ctx: WriteContext, id: string): Promise<void> {
  const dropped = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await deleteSliderRow(trx, id);
    if (!deleted) throw notFound();
    const draft = await deleteDraftRow(trx, 'slider', id);
    await unclaimMedia(trx, deleted.image, draft?.picture);
    const versionPictures = await dropItemRevisions(trx, 'slider', id);
    await recordAudit(trx, ctx.actor, {
      action: 'slider.delete',
      target: { type: 'slider', id },
      summary: `${label(deleted.title)} deleted`,
    });
    return [deleted.image, draft?.picture, ...versionPictures];
  });
  await releaseEachIfUnused(ctx, dropped);
}

/** PUT /api/admin/sliders/order: `ids` names every slider once; their order becomes 0..n-1 in that sequence. */
export async function reorderSliders(ctx: WriteContext, ids: readonly string[]): Promise<AdminSlider[]> {
  await ctx.db.transaction().execute(async (trx) => {
    const stored = new Set(await listSliderIds(trx));
    const sent = new Set(ids);
    if (sent.size !== ids.length || sent.size !== stored.size || ids.some((id) => !stored.has(id))) {
      throw fieldError(400, REORDER_MESSAGE, 'ids');
    }
    const now = new Date().toISOString();
    for (const [order, id] of ids.entries()) await updateSliderRow(trx, id, { sort_order: order, updated_at: now });
    await recordAudit(trx, ctx.actor, {
      action: 'slider.reorder',
      target: { type: 'slider' },
      summary: `Sliders reordered (${ids.length})`,
    });
  });
  return allSliders(ctx.db);
}
