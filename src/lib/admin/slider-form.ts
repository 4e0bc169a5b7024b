/** The slider forms' rules (spec sections 2 to 5 and 8): defaults, older sliders, validation, FormData, reordering, texts. */
import { withSearchButtonDefaults } from '../../shared/slider.ts';
import type { SearchButton, Slider } from '../../shared/types.ts';

/** The fixed texts of the slider screens (spec sections 2, 5 and 8). */
export const SLIDER_TEXTS = {
  added: 'Slider added successfully!',
  addFailed: 'Failed to add slider.',
  videoNeedsLink: 'Please provide a video link for video slides.',
  updated: 'Slider updated successfully!',
  created: 'Slider created successfully!',
  saveFailed: 'Failed to submit slider.',
  listFailed: 'Error fetching slider list.',
  empty: 'No sliders available.',
  prompt: 'Select a slider from the list or click "Add New Slider" to add one.',
  titleFallback: 'Slider Title',
  subtitleFallback: 'Slider Subtitle',
} as const;

/** What the editor form holds: the slider's fields as the inputs edit them (order as typed). */
export interface SliderFormValues {
  title: string;
  subtitle: string;
  link: string;
  order: string;
  type: Slider['type'];
  button1_text: string;
  button1_link: string;
  button2_text: string;
  button2_link: string;
  contentAlignment: Slider['contentAlignment'];
  isActive: boolean;
  isGlobalSettings: boolean;
  company: string;
  searchButton: SearchButton;
}

/** The Add New Slider form's fields. */
export type AddSliderValues = Pick<SliderFormValues, 'title' | 'subtitle' | 'order' | 'type' | 'link'>;

/** A blank Add New Slider form: order 0, a photo. */
export const emptyAddSlider = (): AddSliderValues => ({ title: '', subtitle: '', order: '0', type: 'photo', link: '' });

/** A new slider in the editor: the section 3 defaults (centred, active, not global, the default search button). */
export function emptySliderForm(company: string): SliderFormValues {
  return {
    title: '',
    subtitle: '',
    link: '',
    order: '0',
    type: 'photo',
    button1_text: '',
    button1_link: '',
    button2_text: '',
    button2_link: '',
    contentAlignment: 'center',
    isActive: true,
    isGlobalSettings: false,
    company,
    searchButton: withSearchButtonDefaults({}),
  };
}

const ALIGNMENTS = ['left', 'center', 'right'] as const;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * A slider as the list gave it, made whole: an older one without isActive is active, without isGlobalSettings not
 * global, and without a company belongs to `fallbackCompany` (the first listed slider's company, spec section 4).
 */
export function normaliseSlider(raw: unknown, fallbackCompany: string): Slider {
  const s = record(raw);
  const order = Number(s['order']);
  return {
    _id: str(s['_id']),
    title: str(s['title']),
    subtitle: str(s['subtitle']),
    link: str(s['link']),
    order: Number.isFinite(order) ? order : 0,
    type: s['type'] === 'video' ? 'video' : 'photo',
    image: str(s['image']),
    button1_text: str(s['button1_text']),
    button1_link: str(s['button1_link']),
    button2_text: str(s['button2_text']),
    button2_link: str(s['button2_link']),
    contentAlignment: ALIGNMENTS.find((a) => a === s['contentAlignment']) ?? 'center',
    isActive: typeof s['isActive'] === 'boolean' ? s['isActive'] : true,
    isGlobalSettings: typeof s['isGlobalSettings'] === 'boolean' ? s['isGlobalSettings'] : false,
    company: str(s['company']) || fallbackCompany,
    searchButton: withSearchButtonDefaults(s['searchButton']),
  };
}

/** Every slider of a list made whole; the company fallback is the first listed slider's company. */
export function normaliseSliders(list: readonly unknown[]): Slider[] {
  const first = str(record(list[0])['company']);
  return list.map((raw) => normaliseSlider(raw, first));
}

/** The editor form for an existing slider. */
export function formFromSlider(slider: Slider): SliderFormValues {
  const rest: Omit<Slider, '_id' | 'image'> & Partial<Slider> = { ...slider };
  delete rest._id;
  delete rest.image;
  return { ...rest, order: String(slider.order) };
}

/** The order as typed, as the whole number the API stores (0 when blank or not a number). */
export function orderNumber(order: string): number {
  const n = Number(order.trim());
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** The Add New Slider rule: a video slide needs a link. Returns the message to show, or null. */
export function addSliderProblem(values: AddSliderValues): string | null {
  return values.type === 'video' && values.link.trim() === '' ? SLIDER_TEXTS.videoNeedsLink : null;
}

/** The multipart body of POST /api/sliders from the Add New Slider form (link only for a video). */
export function addSliderFormData(values: AddSliderValues, company: string, image: Blob | null): FormData {
  const form = new FormData();
  form.append('title', values.title);
  form.append('subtitle', values.subtitle);
  form.append('order', String(orderNumber(values.order)));
  form.append('type', values.type);
  if (values.type === 'video') form.append('link', values.link.trim());
  form.append('company', company);
  if (image) form.append('image', image);
  return form;
}

/** The multipart body of the editor's POST or PUT: every field, booleans as 'true'/'false', searchButton as JSON text. */
export function sliderFormData(values: SliderFormValues, image: Blob | null): FormData {
  const form = new FormData();
  const text: Record<string, string> = {
    title: values.title,
    subtitle: values.subtitle,
    order: String(orderNumber(values.order)),
    type: values.type,
    // A photo keeps no video link: switching the type back must not leave a hidden link behind.
    link: values.type === 'video' ? values.link.trim() : '',
    button1_text: values.button1_text,
    button1_link: values.button1_link.trim(),
    button2_text: values.button2_text,
    button2_link: values.button2_link.trim(),
    contentAlignment: values.contentAlignment,
    isActive: String(values.isActive),
    isGlobalSettings: String(values.isGlobalSettings),
    company: values.company,
    searchButton: JSON.stringify(values.searchButton),
  };
  for (const [name, value] of Object.entries(text)) form.append(name, value);
  if (image) form.append('image', image);
  return form;
}

/** The server's { message } of a failed call, or null. */
/** The field a server refusal names ('title', 'link'…), or null. */
export function serverField(error: unknown): string | null {
  const field = record(record(error)['data'])['field'];
  return typeof field === 'string' && field !== '' ? field : null;
}

export function serverMessage(error: unknown): string | null {
  const data = record(record(error)['data']);
  const message = data['message'];
  return typeof message === 'string' && message.trim() ? message : null;
}

/** The editor's save failure: the server's message (else the fixed text), then ' Details: ' and the details when present. */
export function saveFailureMessage(error: unknown): string {
  const details = record(record(error)['data'])['details'];
  const detailText =
    typeof details === 'string'
      ? details.trim()
      : details === undefined || details === null
        ? ''
        : JSON.stringify(details);
  return `${serverMessage(error) ?? SLIDER_TEXTS.saveFailed}${detailText ? ` Details: ${detailText}` : ''}`;
}

/** The list with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The preview's slide: the form's values with the spec's fallbacks ('Slider Title', 'Slider Subtitle', the placeholder image). */
export function previewSlide(values: SliderFormValues, image: string, placeholder: string): Slider {
  return {
    ...values,
    _id: 'preview',
    order: orderNumber(values.order),
    title: values.title.trim() || SLIDER_TEXTS.titleFallback,
    subtitle: values.subtitle.trim() || SLIDER_TEXTS.subtitleFallback,
    image: image || placeholder,
  };
}
