/**
 * Admin writes of sliders: each write and its audit entry commit together; pictures are stored before the
 * transaction and released after it (a failed write releases the new one, a replaced or deleted slide its old one).
 * The caller asks for the site rebuild once a write has returned.
 */
import { randomUUID } from 'node:crypto';
import { omit } from '../../../shared/omit.ts';
import {
  checkSliderForm,
  checkSlideShows,
  NEW_SLIDER_VALUES,
  type SliderValues,
} from '../../../shared/schemas/slider.ts';
import type { Slider } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { storeFormPicture, type UploadForm } from '../../media/upload-check.ts';
import { releaseMediaIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { findCompanyRow } from '../company/company.repository.ts';
import {
  deleteSliderRow,
  findSliderRow,
  insertSliderRow,
  listAllSliderRows,
  listSliderIds,
  updateSliderRow,
} from './sliders.repository.ts';
import { sliderFromRow } from './sliders.service.ts';

export const SLIDER_NOT_FOUND = 'Slider not found';
export const REORDER_MESSAGE = 'The list must name every slider exactly once.';

/** Where stored pictures live (DATA_DIR) and who is writing. */
export interface WriteContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

const notFound = () => new ApiError(404, SLIDER_NOT_FOUND);
const label = (title: string) => `Slider "${title || 'Untitled'}"`;

/** Every slider, inactive ones too, by order then title. */
export async function allSliders(db: Db): Promise<Slider[]> {
  return (await listAllSliderRows(db)).map(sliderFromRow);
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
      await recordAudit(trx, ctx.actor, {
        action: 'slider.create',
        target: { type: 'slider', id },
        summary: `${label(values.title)} created`,
      });
      return sliderFromRow(readBack(await findSliderRow(trx, id), `slider ${id}`));
    }),
  );
}

/** PUT /api/sliders/:id: the sent fields change, the others keep their stored values; a new image replaces the old. */
export async function updateSlider(ctx: WriteContext, id: string, form: UploadForm): Promise<Slider> {
  const row = await findSliderRow(ctx.db, id);
  if (!row) throw notFound();
  const hasImage = form.files['image'] !== undefined || Boolean(row.image);
  const values = checkedValues(form.fields, valuesOf(sliderFromRow(row)), await companyId(ctx.db), hasImage);
  const image = await storeFormPicture(ctx.db, ctx.dataDir, form, 'image', 'hero');
  const { slider } = await writeNamingFile(
    ctx,
    image,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await findSliderRow(trx, id);
        if (!before) throw notFound();
        const changes = { ...columnsOf(values), updated_at: new Date().toISOString(), ...(image ? { image } : {}) };
        await updateSliderRow(trx, id, changes);
        await claimMedia(trx, image);
        if (image && before.image !== image) await unclaimMedia(trx, before.image);
        await recordAudit(trx, ctx.actor, {
          action: 'slider.update',
          target: { type: 'slider', id },
          summary: `${label(values.title)} updated`,
        });
        return {
          slider: sliderFromRow(readBack(await findSliderRow(trx, id), `slider ${id}`)),
          previous: before.image,
        };
      }),
    (written) => (image ? written.previous : undefined),
  );
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

/** DELETE /api/sliders/:id; its picture leaves DATA_DIR/media once nothing else names it. */
export async function deleteSlider(ctx: WriteContext, id: string): Promise<void> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await deleteSliderRow(trx, id);
    if (!deleted) throw notFound();
    await unclaimMedia(trx, deleted.image);
    await recordAudit(trx, ctx.actor, {
      action: 'slider.delete',
      target: { type: 'slider', id },
      summary: `${label(deleted.title)} deleted`,
    });
    return deleted;
  });
  await releaseMediaIfUnused(ctx.db, ctx.dataDir, row.image);
}

/** PUT /api/admin/sliders/order: `ids` names every slider once; their order becomes 0..n-1 in that sequence. */
export async function reorderSliders(ctx: WriteContext, ids: readonly string[]): Promise<Slider[]> {
  return ctx.db.transaction().execute(async (trx) => {
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
    return (await listAllSliderRows(trx)).map(sliderFromRow);
  });
}
