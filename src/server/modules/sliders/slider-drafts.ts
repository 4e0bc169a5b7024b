/**
 * A hero slide as its drafts and versions see it (drafts/draft.service.ts), and its draft and history calls under
 * /api/admin/sliders/:id (the guard's `sliders` part: whoever may change a slide may keep a draft of it and publish it).
 * A draft holds the slide's content and picture; whether it shows (is_active, which stands for "published") and its
 * order stay the slide's own, changed at once.
 */
import { omit } from '../../../shared/omit.ts';
import { refusal } from '../../../shared/schemas/refusal.ts';
import {
  checkSearchButtonText,
  checkSliderForm,
  NEW_SLIDER_VALUES,
  SliderFormFields,
} from '../../../shared/schemas/slider.ts';
import type { AdminSlider, SliderDraftFields, SliderHeroPreview } from '../../../shared/sliders-admin.ts';
import type { Slider } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { fieldError } from '../../http/errors.ts';
import { bool } from '../content/content.mappers.ts';
import type { DraftRoutes } from '../drafts/draft.routes.ts';
import { previewFields, type Draftable, type ItemChanges } from '../drafts/draft.service.ts';
import {
  checkedSliderChanges,
  findAdminSlider,
  foundSlider,
  sliderLabel,
  writeSliderChanges,
} from './sliders.admin.service.ts';
import { findSliderRow, listActiveSliderRows, type SliderRow } from './sliders.repository.ts';
import { sliderFromRow } from './sliders.service.ts';
import { sliderVersioned } from './slider-versions.ts';

/** The fields a draft never takes: the slide's showing, its order and its company are set on the slide itself. */
const NOT_A_DRAFTS = ['isActive', 'order', 'company'] as const;

/** Fields as the slide's form sends them: a kept version's true/false (restored) is the form's 'true'/'false'. */
const formText = (input: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(input).map(([name, value]) => [name, typeof value === 'boolean' ? String(value) : value]),
  );

/**
 * Sent content checked field by field as the slide's PUT checks it (the field named on refusal); the rules that join
 * fields (a video's link) are judged on the whole draft (`claims`).
 */
function checkedChanges(input: Record<string, unknown>): ItemChanges<SliderDraftFields> {
  const parsed = SliderFormFields.safeParse(omit(formText(input), ...NOT_A_DRAFTS));
  if (!parsed.success) {
    const refused = refusal(parsed.error, '', { fieldOf: (path) => path.map(String).join('.') });
    throw fieldError(400, refused.message, refused.field);
  }
  const { searchButton, ...content } = omit(parsed.data, ...NOT_A_DRAFTS);
  let search: string | undefined;
  if (searchButton !== undefined) {
    const checked = checkSearchButtonText(searchButton);
    if (!checked.ok) throw fieldError(400, checked.message, checked.field);
    search = JSON.stringify(checked.value);
  }
  // A photo keeps no video link, as the slide's PUT stores it.
  const link = content.type === 'photo' ? '' : content.link;
  return { ...content, link, searchButton: search };
}

/** The draft's content as the slide's form sends it, for the slide's own check. */
const formFieldsOf = (fields: SliderDraftFields): Record<string, string> =>
  formText(omit(fields, 'image')) as Record<string, string>;

export const sliderDraftable: Draftable<SliderRow, SliderDraftFields> = {
  ...sliderVersioned,
  label: (fields) => sliderLabel(fields.title),
  upload: { purpose: 'hero', removable: false },
  find: findSliderRow,
  visible: (_actor, row) => foundSlider(row),
  changeable: (_actor, row) => foundSlider(row),
  mayPublish: () => undefined,
  prepare: (_ctx, input) => Promise.resolve(checkedChanges(input)),
  claims: (_trx, changes, base) => {
    const draft = { ...base, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
    const check = checkSliderForm({ type: draft.type, link: draft.link }, NEW_SLIDER_VALUES);
    if (!check.ok) throw fieldError(400, check.message, check.field);
    return Promise.resolve();
  },
  publish: async (ctx, id, fields, picture, also) => {
    const row = foundSlider(await findSliderRow(ctx.db, id));
    const hasImage = Boolean(picture.image ?? row.image);
    const values = await checkedSliderChanges(ctx.db, row, formFieldsOf(fields), hasImage);
    await writeSliderChanges(ctx, id, values, picture.image, {
      what: 'published from its draft',
      action: 'publish',
      also,
    });
    // An inactive slide is not on the hero: its content changed nothing visitors see.
    return { publicChange: bool(row.is_active) };
  },
};

export const sliderDrafts: DraftRoutes<SliderRow, SliderDraftFields, AdminSlider> = {
  draftable: sliderDraftable,
  path: '/admin/sliders/:id',
  site: 'sliders',
  item: (db, _actor, id) => findAdminSlider(db, id),
};

/** The slide with a draft's content in place of its own. */
const withContent = (row: SliderRow, fields: SliderDraftFields): Slider => ({
  ...sliderFromRow(row),
  ...omit(fields, 'searchButton'),
  searchButton: sliderFromRow({ ...row, search_button: fields.searchButton }).searchButton,
});

/**
 * The home page's hero with the slide, its draft applied, among the active slides in their order (an inactive slide
 * in the place it would take once shown): a preview link's view. `published` is whether the slide shows now.
 */
export async function sliderPreview(
  db: Db,
  id: string,
): Promise<{ item: SliderHeroPreview; draft: boolean; published: boolean } | null> {
  const found = await previewFields(db, sliderDraftable, id);
  if (!found) return null;
  const { row, fields, draft } = found;
  const slide = withContent(row, fields);
  const active = await listActiveSliderRows(db);
  const rows = active.some((other) => other.id === id) ? active : [...active, row].sort(heroOrder);
  const slides = rows.map((shown) => (shown.id === id ? slide : sliderFromRow(shown)));
  return { item: { slide, slides }, draft, published: bool(row.is_active) };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The hero's order (listActiveSliderRows): the slides' order, then when each was made, then id. */
const heroOrder = (a: SliderRow, b: SliderRow) =>
  a.sort_order - b.sort_order || compare(a.created_at, b.created_at) || compare(a.id, b.id);
