/**
 * The slider's input rules (spec sections 3-5, security.md R45-R47): the API checks every POST/PUT /api/sliders with
 * them and the admin forms can check the same fields before sending. Multipart fields arrive as text.
 */
import { refusal, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';
import { videoEmbedSrc } from '../video-embed.ts';
import { SEARCH_BUTTON_DEFAULTS, SLIDER_ORDER_DEFAULT } from '../constants.ts';
import {
  COLOUR_PATTERN,
  PADDING_PATTERN,
  RADIUS_PATTERN,
  readJsonObject,
  RECENT_SEARCHES_MAX,
  SEARCH_HOVERS,
  SEARCH_ICONS,
  SEARCH_PLACEHOLDER_MAX,
  SEARCH_POSITIONS,
  SEARCH_TEXT_MAX,
  withSearchButtonDefaults,
} from '../slider.ts';
import type { Slider } from '../types.ts';

export const SLIDER_TITLE_MAX = 200;
export const SLIDER_SUBTITLE_MAX = 500;
export const SLIDER_BUTTON_TEXT_MAX = 60;
export const SLIDER_LINK_MAX = 2048;
export const SLIDER_COMPANY_MAX = 100;
export const SLIDER_ORDER_MAX = 9999;
/** searchButton JSON text, in UTF-8 bytes (R47). */
export const SEARCH_BUTTON_MAX_BYTES = 4096;

/** Spec section 5, exact. */
export const VIDEO_LINK_REQUIRED = 'Please provide a video link for video slides.';
export const VIDEO_LINK_INVALID = 'The video link must be a YouTube embed link (https://www.youtube.com/embed/…).';
export const BUTTON_LINK_INVALID = 'must start with https://, http:// or / (a page of this site)';
/** A photo slide with neither picture nor title would show an empty hero (checkSlideShows). */
export const SLIDE_NEEDS_CONTENT = 'A slide needs an image or a title.';

/** A slider's fields as the editor sends them, without its id and image. */
export type SliderValues = Omit<Slider, '_id' | 'image'>;

/** A new slider before any field is applied (spec section 3 defaults); company is filled by the server. */
export const NEW_SLIDER_VALUES: SliderValues = {
  title: '',
  subtitle: '',
  link: '',
  order: SLIDER_ORDER_DEFAULT,
  type: 'photo',
  button1_text: '',
  button1_link: '',
  button2_text: '',
  button2_link: '',
  contentAlignment: 'center',
  isActive: true,
  isGlobalSettings: false,
  company: '',
  searchButton: withSearchButtonDefaults({}),
};

export type SliderCheck<T> = FieldCheck<T>;

// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const LINK_FORBIDDEN = /[\s\u0000-\u001f\u007f\\]/;

/** A YouTube embed link as the hero plays it (the hero's own allow-list, src/lib/hero/video.ts). */
export const isVideoEmbedLink = (link: string): boolean => videoEmbedSrc(link) !== null;

/** A button link: empty, https:// or http:// with a host, or a site-relative '/…' path (never '//host'). */
export function isSliderLink(link: string): boolean {
  if (link === '') return true;
  if (LINK_FORBIDDEN.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

// Tab and line breaks pass (a subtitle may break lines); other control characters never belong in a slide.
const text = (max: number) => formText(max, { multiline: true });
const link = text(SLIDER_LINK_MAX).refine(isSliderLink, BUTTON_LINK_INVALID);
const flag = z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).transform((v) => v === 'true');
// A cleared number input sends '': the order stays as it is (0 for a new slider).
const order = z
  .string({ error: 'must be a whole number' })
  .trim()
  .regex(/^(\d{1,4})?$/, `must be a whole number from 0 to ${SLIDER_ORDER_MAX}`)
  .transform((v) => (v === '' ? undefined : Number(v)));

/** The multipart text fields; every one optional (a missing field keeps its default or stored value), unknown ones ignored. */
export const SliderFormFields = z.object({
  title: text(SLIDER_TITLE_MAX).optional(),
  subtitle: text(SLIDER_SUBTITLE_MAX).optional(),
  order: order.optional(),
  type: z.enum(['photo', 'video'], { error: "must be 'photo' or 'video'" }).optional(),
  link: text(SLIDER_LINK_MAX).optional(),
  button1_text: text(SLIDER_BUTTON_TEXT_MAX).optional(),
  button1_link: link.optional(),
  button2_text: text(SLIDER_BUTTON_TEXT_MAX).optional(),
  button2_link: link.optional(),
  contentAlignment: z.enum(['left', 'center', 'right'], { error: "must be 'left', 'center' or 'right'" }).optional(),
  isActive: flag.optional(),
  isGlobalSettings: flag.optional(),
  company: text(SLIDER_COMPANY_MAX).optional(),
  searchButton: z.string({ error: 'must be JSON text' }).optional(),
});

const colour = z.string({ error: 'must be text' }).regex(COLOUR_PATTERN, 'must be a colour like #0091ea');
const cssText = (pattern: RegExp, example: string) =>
  z.string({ error: 'must be text' }).trim().regex(pattern, `must be a CSS length like '${example}'`);
const searchText = (max: number) => formText(max, { multiline: true, trim: false });

/** searchButton as sent: each field optional (defaults fill the rest), each present one must be valid. */
export const SearchButtonInput = z.object({
  enabled: z.boolean({ error: 'must be true or false' }).optional(),
  text: searchText(SEARCH_TEXT_MAX).optional(),
  placeholder: searchText(SEARCH_PLACEHOLDER_MAX).optional(),
  icon: z.enum(SEARCH_ICONS, { error: `must be one of ${SEARCH_ICONS.join(', ')}` }).optional(),
  position: z.enum(SEARCH_POSITIONS, { error: `must be one of ${SEARCH_POSITIONS.join(', ')}` }).optional(),
  style: z
    .object(
      {
        backgroundColor: colour.optional(),
        textColor: colour.optional(),
        borderRadius: cssText(RADIUS_PATTERN, SEARCH_BUTTON_DEFAULTS.style.borderRadius).optional(),
        padding: cssText(PADDING_PATTERN, SEARCH_BUTTON_DEFAULTS.style.padding).optional(),
        hoverEffect: z.enum(SEARCH_HOVERS, { error: `must be one of ${SEARCH_HOVERS.join(', ')}` }).optional(),
      },
      { error: 'must be an object' },
    )
    .optional(),
  voiceSearch: z
    .object({ enabled: z.boolean({ error: 'must be true or false' }).optional() }, { error: 'must be an object' })
    .optional(),
  recentSearches: z
    .object(
      {
        enabled: z.boolean({ error: 'must be true or false' }).optional(),
        limit: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(0)
          .max(RECENT_SEARCHES_MAX)
          .optional(),
      },
      { error: 'must be an object' },
    )
    .optional(),
});

const failure = (field: string, message: string): SliderCheck<never> => ({ ok: false, field, message });

/** A slider's field is named by its whole path ('searchButton.label'), under `prefix`. */
const firstIssue = (error: z.ZodError, prefix: string): SliderCheck<never> =>
  refusal(error, prefix, { fieldOf: (path) => [prefix, ...path.map(String)].filter(Boolean).join('.') });

/** searchButton JSON text: at most 4 KB, a JSON object without prototype keys, valid fields; missing ones defaulted. */
export function checkSearchButtonText(value: string): SliderCheck<Slider['searchButton']> {
  if (new TextEncoder().encode(value).byteLength > SEARCH_BUTTON_MAX_BYTES) {
    return failure('searchButton', `Search button must be at most ${SEARCH_BUTTON_MAX_BYTES} bytes of JSON.`);
  }
  if (value.trim() === '') return { ok: true, value: withSearchButtonDefaults({}) };
  const parsed = readJsonObject(value);
  if (!parsed) return failure('searchButton', 'Search button must be a JSON object.');
  const result = SearchButtonInput.safeParse(parsed);
  if (!result.success) return firstIssue(result.error, 'searchButton');
  return { ok: true, value: withSearchButtonDefaults(result.data) };
}

/**
 * The server's rule that a slide shows something, judged on the slide as it will be stored: a photo slide needs an
 * image (`hasImage`: one sent now or one kept) or a title; a video slide's link is checked by checkSliderForm.
 */
export function checkSlideShows(values: SliderValues, hasImage: boolean): SliderCheck<SliderValues> {
  if (values.type === 'photo' && !hasImage && values.title.trim() === '') return failure('title', SLIDE_NEEDS_CONTENT);
  return { ok: true, value: values };
}

/**
 * The slider's values after the sent fields are applied to `base` (NEW_SLIDER_VALUES for a new slider, the stored
 * values for an edit), or the first bad field. A video slide needs a YouTube embed link; a photo keeps no link.
 */
export function checkSliderForm(fields: Record<string, unknown>, base: SliderValues): SliderCheck<SliderValues> {
  const parsed = SliderFormFields.safeParse(fields);
  if (!parsed.success) return firstIssue(parsed.error, '');
  const { searchButton: searchText, ...sent } = parsed.data;
  const defined = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as Partial<SliderValues>;
  const values: SliderValues = { ...base, ...defined };
  if (searchText !== undefined) {
    const search = checkSearchButtonText(searchText);
    if (!search.ok) return search;
    values.searchButton = search.value;
  }
  if (values.type === 'video') {
    if (values.link === '') return failure('link', VIDEO_LINK_REQUIRED);
    if (!isVideoEmbedLink(values.link)) return failure('link', VIDEO_LINK_INVALID);
  } else {
    values.link = '';
  }
  return { ok: true, value: values };
}
