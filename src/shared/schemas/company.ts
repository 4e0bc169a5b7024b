/**
 * The rules of a company settings update (PUT /api/company; site-spec §3, §5; security.md R45, R46): one rule set for
 * the server and the admin forms. Every field is optional (only what is sent changes); an empty text clears a field
 * back to its default. Unknown fields are dropped.
 */
import { formText } from './text.ts';
import { z } from './zod.ts';
import { FONTS, OPACITY, PRIMARY_BLURS, RADIUS, SECONDARY_BLURS, SEO_PAGES } from '../constants.ts';
import { HOME_SECTIONS, isHomeSection, type HomeSectionSetting } from '../home-layout.ts';
import { ensureHttps, safeHref } from '../url.ts';

/** The ten fields of the Theme Settings screen, as the JSON form of PUT /api/company sends them (spec §7). */
export const THEME_FIELDS = [
  'primary_color',
  'primary_opacity',
  'secondary_color',
  'secondary_opacity',
  'primary_blur',
  'secondary_blur',
  'header_radius',
  'button_radius',
  'button_blur',
  'button_opacity',
] as const;
export type ThemeField = (typeof THEME_FIELDS)[number];

/** Each theme field's name on the Theme Settings screen and in its history. */
export const THEME_FIELD_LABELS: Record<ThemeField, string> = {
  primary_color: 'Primary color',
  primary_opacity: 'Primary opacity',
  secondary_color: 'Secondary color',
  secondary_opacity: 'Secondary opacity',
  primary_blur: 'Primary blur',
  secondary_blur: 'Secondary blur',
  header_radius: 'Header radius',
  button_radius: 'Button radius',
  button_blur: 'Button blur level',
  button_opacity: 'Button opacity',
};

export const SOCIAL_KEYS = ['facebook', 'instagram', 'twitter', 'linkedin'] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];

/** Longest values, in characters. */
export const COMPANY_TEXT_MAX = {
  name: 100,
  tagline: 200,
  description: 2000,
  cta_text: 100,
  address: 300,
  phone: 50,
  email: 254,
  link: 2048,
  seo_title: 200,
  seo_description: 500,
  about: 2000,
} as const;

/** Text up to `max` characters (formText); '' clears the field (null). */
const text = (max: number, { multiline = false } = {}) =>
  formText(max, { multiline }).transform((v) => (v === '' ? null : v));

/**
 * A web page (website, social links): http(s):// with a real host, or a bare host ('acme.com'), which the site shows
 * with https:// (spec: a missing scheme gets https://; ensureHttps). Any other scheme is refused (R46).
 */
const webLink = text(COMPANY_TEXT_MAX.link).refine(
  (v) => v === null || (!v.startsWith('/') && ensureHttps(v) !== ''),
  'must be a web address such as https://example.com or example.com',
);

/** A link the site follows (call to action): http(s):// or a site-relative path '/…' (security.md R46). */
const siteLink = text(COMPANY_TEXT_MAX.link).refine(
  // safeHref keeps a path as it is; '//host' and '/\host' lead off the site, so they are not paths.
  (v) => v === null || (/^https?:\/\//i.test(v) ? safeHref(v) !== '' : v.startsWith('/') && safeHref(v) === v),
  'must be a link starting with https://, http:// or /',
);

const email = text(COMPANY_TEXT_MAX.email).refine(
  (v) => v === null || z.email().safeParse(v).success,
  'must be a valid email address',
);

/** A number sent as a number (JSON) or as text (a form field); '' clears it back to the default. */
const number = (rule: (n: number) => boolean, message: string) =>
  z.union([z.number(), z.string()], { error: 'must be a number' }).transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') return null;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isFinite(n) || !rule(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

const colour = z
  .string({ error: 'must be a colour like #0091ea' })
  .trim()
  .refine((v) => v === '' || /^#[0-9a-f]{6}$/i.test(v), 'must be a colour like #0091ea')
  .transform((v) => (v === '' ? null : v));

/** 0 to 1 in steps of 0.1; stored rounded to the step (0.30000000000000004 is 0.3). */
const opacity = number(
  (n) => n >= OPACITY.min && n <= OPACITY.max && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9,
  `must be between ${OPACITY.min} and ${OPACITY.max} in steps of ${OPACITY.step}`,
).transform((n) => (n === null ? null : Math.round(n * 10) / 10));
const radius = number(
  (n) => Number.isInteger(n) && n >= RADIUS.min && n <= RADIUS.max,
  `must be a whole number from ${RADIUS.min} to ${RADIUS.max}`,
);
const blurOf = (options: readonly number[]) =>
  number((n) => options.includes(n), `must be one of ${options.join(', ')}`);

const font = z
  .string({ error: 'must be text' })
  .trim()
  .refine((v) => v === '' || (FONTS as readonly string[]).includes(v), 'must be one of the offered fonts')
  .transform((v) => (v === '' ? null : v));

/** One rule per theme field (the Theme Settings screen checks a value with the same rule). */
export const themeFieldRules = {
  primary_color: colour,
  primary_opacity: opacity,
  secondary_color: colour,
  secondary_opacity: opacity,
  primary_blur: blurOf(PRIMARY_BLURS),
  secondary_blur: blurOf(SECONDARY_BLURS),
  header_radius: radius,
  button_radius: radius,
  button_blur: blurOf(SECONDARY_BLURS),
  button_opacity: opacity,
} satisfies Record<ThemeField, z.ZodType>;

const seoRules = Object.fromEntries(
  SEO_PAGES.flatMap((page) => [
    [`seo_${page}_title`, text(COMPANY_TEXT_MAX.seo_title).optional()],
    [`seo_${page}_description`, text(COMPANY_TEXT_MAX.seo_description, { multiline: true }).optional()],
  ]),
) as Record<`seo_${(typeof SEO_PAGES)[number]}_${'title' | 'description'}`, z.ZodOptional<ReturnType<typeof text>>>;

const optional = <T extends Record<string, z.ZodType>>(rules: T) =>
  Object.fromEntries(Object.entries(rules).map(([key, rule]) => [key, rule.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };

/** true/false as JSON, or the text 'true'/'false' of a form field. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true');

/** The refusal of a blank company name: the name heads every page and mail, so it cannot be cleared. */
export const COMPANY_NAME_REQUIRED = 'The company name is required.';

/** The text fields of section 3 an admin edits (hero_image and the pictures are not text: they come as uploads). */
export const companyTextRules = {
  // A sent name must hold more than white space; a name left out keeps the stored one.
  name: formText(COMPANY_TEXT_MAX.name).refine((v) => v !== '', COMPANY_NAME_REQUIRED),
  tagline: text(COMPANY_TEXT_MAX.tagline),
  description: text(COMPANY_TEXT_MAX.description, { multiline: true }),
  cta_text: text(COMPANY_TEXT_MAX.cta_text),
  cta_link: siteLink,
  address: text(COMPANY_TEXT_MAX.address, { multiline: true }),
  phone: text(COMPANY_TEXT_MAX.phone),
  email,
  website: webLink,
  font,
};

export const SocialUpdate = z.object(
  Object.fromEntries(SOCIAL_KEYS.map((key) => [key, webLink.optional()])) as Record<
    SocialKey,
    z.ZodOptional<typeof webLink>
  >,
);

/** The About page's Our Story, Our Mission and Our Vision texts; empty shows the page's own default. */
export const ABOUT_FIELDS = ['about_story', 'about_mission', 'about_vision'] as const;
export type AboutField = (typeof ABOUT_FIELDS)[number];

const aboutRules = Object.fromEntries(
  ABOUT_FIELDS.map((key) => [key, text(COMPANY_TEXT_MAX.about, { multiline: true }).optional()]),
) as Record<AboutField, z.ZodOptional<ReturnType<typeof text>>>;

const SECTION_NAMES = HOME_SECTIONS.join(', ');

/** A JSON text of the home sections (a form field), parsed; text that is no JSON stays text, which the rule refuses. */
function parsedList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * The home page's sections (home-layout.ts) as a list, or its JSON text from a form: every known section exactly once,
 * each { section, visible }; stored as JSON text. Empty text or null puts back the default order.
 */
const homeSections = z.unknown().transform((value, ctx): string | null => {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  const list = parsedList(value);
  if (!Array.isArray(list)) return refuse(`must be a list of the sections (${SECTION_NAMES}), each shown or hidden`);
  const seen = new Set<string>();
  const out: HomeSectionSetting[] = [];
  for (const [i, entry] of list.entries()) {
    const { section, visible } = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
    if (typeof section !== 'string' || typeof visible !== 'boolean')
      return refuse(`item ${i + 1} must name its section and whether it is visible (true or false)`);
    if (!isHomeSection(section)) return refuse(`must not name '${section}': the sections are ${SECTION_NAMES}`);
    if (seen.has(section)) return refuse(`must name '${section}' only once`);
    seen.add(section);
    out.push({ section, visible });
  }
  const missing = HOME_SECTIONS.filter((s) => !seen.has(s));
  if (missing.length > 0)
    return refuse(
      `must name every section: ${missing.map((s) => `'${s}'`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
    );
  return JSON.stringify(out);
});

/** A company settings update: any field of section 3 (social as an object), each optional; null clears a field. */
export const CompanyUpdate = z.object({
  ...optional(companyTextRules),
  social: SocialUpdate.optional(),
  logo_shows_name: flag.optional(),
  ...optional(themeFieldRules),
  ...seoRules,
  ...aboutRules,
  home_sections: homeSections.optional(),
});
export type CompanyUpdate = z.infer<typeof CompanyUpdate>;

/** The theme-only update of the Theme Settings screen. */
export const ThemeUpdate = z.object(optional(themeFieldRules));
export type ThemeUpdate = z.infer<typeof ThemeUpdate>;

/** True when an update names only theme fields (the JSON form of the Theme Settings screen). */
export function isThemeOnly(input: Record<string, unknown>): boolean {
  const keys = Object.keys(input);
  return keys.length > 0 && keys.every((key) => (THEME_FIELDS as readonly string[]).includes(key));
}
