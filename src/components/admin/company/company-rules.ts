/**
 * Pure rules of the Update Company screen: which fields it shows and how they are grouped, the form values of a
 * company, the browser's picture check (spec §5), the same field rules the server applies (shared/schemas/company.ts),
 * and the one multipart body of the save.
 */
import { COMPANY_TEXT_MAX, CompanyUpdate, SOCIAL_KEYS } from '../../../shared/schemas/company.ts';
import { fieldSentence } from '../../../shared/schemas/refusal.ts';
import { SEO_PAGES, UPLOAD_MAX_BYTES, UPLOAD_TYPES, type SeoPage } from '../../../shared/constants.ts';
import { SEO_PAGE_LABELS } from '../../../shared/seo-page-labels.ts';
import type { Company } from '../../../shared/types.ts';
import { ABOUT_SECTIONS } from '../../../lib/about.ts';

export const TOO_LARGE = 'File size must be less than 5MB';
export const NOT_ALLOWED = 'Only JPEG, PNG, GIF, and WEBP files are allowed';
export const UPDATE_FAILED = 'Failed to update company settings. Please try again.';
/** A save (or Save draft) of a settings screen whose form matches what was last saved. */
export const NOTHING_CHANGED = 'Nothing to save: no setting was changed.';

export const PICTURES = [
  { name: 'logo', label: 'Logo', hint: 'Shown in the header.', backdrop: 'light' },
  {
    name: 'logo_dark',
    label: 'Logo (dark theme)',
    hint: 'Shown in the dark theme; without it the logo above is used.',
    backdrop: 'dark',
  },
  {
    name: 'icon',
    label: 'Icon (favicon)',
    hint: 'The small picture in the browser tab. Square works best.',
    backdrop: 'page',
  },
] as const;
export type PictureField = (typeof PICTURES)[number]['name'];

export interface FieldSpec {
  /** The form field name the server reads (social links as social[key]). */
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'email' | 'tel' | 'link' | 'font' | 'password';
  max: number;
  hint?: string;
  autoComplete?: string;
  /** Shown while the field is empty: the text the site uses then. */
  placeholder?: string;
  /** A textarea's height in lines (3 unless set). */
  rows?: number;
}

const SOCIAL_LABELS: Record<(typeof SOCIAL_KEYS)[number], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
};

const LINK_HINT = 'A web address: https://example.com or example.com';

export const BRAND_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Company name', kind: 'text', max: COMPANY_TEXT_MAX.name, autoComplete: 'organization' },
  { name: 'tagline', label: 'Tagline', kind: 'text', max: COMPANY_TEXT_MAX.tagline },
  { name: 'description', label: 'Description', kind: 'textarea', max: COMPANY_TEXT_MAX.description },
  { name: 'cta_text', label: 'Call-to-action text', kind: 'text', max: COMPANY_TEXT_MAX.cta_text },
  {
    name: 'cta_link',
    label: 'Call-to-action link',
    kind: 'link',
    max: COMPANY_TEXT_MAX.link,
    hint: 'A page of this site like /shop, or a link starting with https://',
  },
  { name: 'font', label: 'Font', kind: 'font', max: 100 },
];

export const CONTACT_FIELDS: FieldSpec[] = [
  {
    name: 'address',
    label: 'Address',
    kind: 'textarea',
    max: COMPANY_TEXT_MAX.address,
    autoComplete: 'street-address',
  },
  { name: 'phone', label: 'Phone', kind: 'tel', max: COMPANY_TEXT_MAX.phone, autoComplete: 'tel' },
  { name: 'email', label: 'Email', kind: 'email', max: COMPANY_TEXT_MAX.email, autoComplete: 'email' },
  { name: 'website', label: 'Website', kind: 'link', max: COMPANY_TEXT_MAX.link, hint: LINK_HINT, autoComplete: 'url' },
];

export const SOCIAL_FIELDS: FieldSpec[] = SOCIAL_KEYS.map((key) => ({
  name: `social[${key}]`,
  label: SOCIAL_LABELS[key],
  kind: 'link',
  max: COMPANY_TEXT_MAX.link,
}));

/** Our Story, Our Mission and Our Vision of the About page, each showing its default until the company writes one. */
export const ABOUT_FIELD_SPECS: FieldSpec[] = ABOUT_SECTIONS.map(({ field, title, text }) => ({
  name: field,
  label: title,
  kind: 'textarea',
  max: COMPANY_TEXT_MAX.about,
  placeholder: text,
  rows: 5,
}));

/** The Logos card's tick box: whether the logo already shows the name; its form value is 'true' or 'false'. */
export const LOGO_SHOWS_NAME = {
  name: 'logo_shows_name',
  label: "The logo shows the company's name",
  hint: 'Tick this when your logo already spells out the name: the header then shows the logo alone, and screen readers still announce the name.',
} as const;

/** The Home page card's one form value: the sections as the JSON text PUT /api/company reads. */
export const HOME_SECTIONS_FIELD = 'home_sections';

/** One group per page: its title and description. */
export const SEO_GROUPS: { page: SeoPage; label: string; fields: FieldSpec[] }[] = SEO_PAGES.map((page) => ({
  page,
  label: SEO_PAGE_LABELS[page],
  fields: [
    {
      name: `seo_${page}_title`,
      label: `${SEO_PAGE_LABELS[page]} page title`,
      kind: 'text',
      max: COMPANY_TEXT_MAX.seo_title,
    },
    {
      name: `seo_${page}_description`,
      label: `${SEO_PAGE_LABELS[page]} page description`,
      kind: 'textarea',
      max: COMPANY_TEXT_MAX.seo_description,
    },
  ],
}));

export const ALL_FIELDS: FieldSpec[] = [
  ...BRAND_FIELDS,
  ...ABOUT_FIELD_SPECS,
  ...CONTACT_FIELDS,
  ...SOCIAL_FIELDS,
  ...SEO_GROUPS.flatMap((group) => group.fields),
];

export type FormValues = Record<string, string>;

/** The form's values for a company, by form field name. */
export function formValues(company: Company): FormValues {
  const values: FormValues = {};
  for (const { name } of ALL_FIELDS) {
    const social = /^social\[(\w+)\]$/.exec(name)?.[1] as keyof Company['social'] | undefined;
    const value = social ? company.social[social] : (company as unknown as Record<string, unknown>)[name];
    values[name] = typeof value === 'string' ? value : '';
  }
  values[HOME_SECTIONS_FIELD] = JSON.stringify(company.home_sections);
  values[LOGO_SHOWS_NAME.name] = String(company.logo_shows_name);
  return values;
}

/** The fields whose value differs from what was loaded: only those are sent, so a save changes only what was edited. */
export function changedValues(initial: FormValues, current: FormValues): FormValues {
  return Object.fromEntries(Object.entries(current).filter(([name, value]) => value !== (initial[name] ?? '')));
}

/** The browser's check of a chosen picture (spec §5); the server checks the content again. */
export function checkPicture(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return TOO_LARGE;
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return NOT_ALLOWED;
  return null;
}

/** The server's rules for the fields about to be sent: the first bad one as { field, message }, like a 400 answer. */
export function checkValues(values: FormValues): { field: string; message: string } | null {
  const input: Record<string, unknown> = {};
  const social: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const key = /^social\[(\w+)\]$/.exec(name)?.[1];
    if (key) social[key] = value;
    else input[name] = value;
  }
  if (Object.keys(social).length > 0) input['social'] = social;
  const result = CompanyUpdate.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) throw new Error('A refused company update names no issue');
  const [head, ...rest] = issue.path.map(String);
  const field = rest.length > 0 ? `${head}[${rest.join('][')}]` : (head ?? '');
  return { field, message: fieldSentence(field, issue.message) };
}

/** The one multipart body of a save: the changed text fields, then the chosen pictures. */
export function companyForm(values: FormValues, pictures: Partial<Record<PictureField, File>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  for (const { name } of PICTURES) {
    const file = pictures[name];
    if (file) form.append(name, file, file.name);
  }
  return form;
}

/** The field a 400 answer names ({ message, field }), when it is one this form shows. */
export function errorField(error: unknown): string | null {
  const data = (error as { data?: unknown } | null)?.data;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  if (typeof field !== 'string') return null;
  const name = field.replace(/^social\.(\w+)$/, 'social[$1]');
  const shown =
    ALL_FIELDS.some((spec) => spec.name === name) ||
    PICTURES.some((p) => p.name === name) ||
    name === HOME_SECTIONS_FIELD ||
    name === LOGO_SHOWS_NAME.name;
  return shown ? name : null;
}
