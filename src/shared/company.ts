/** Company settings with section 9 defaults filled in: one rule for the server, the build and the browser. */
import { DEFAULT_BRAND, DEFAULT_THEME, SEO_PAGES } from './constants.ts';
import { DEFAULT_HOME_SECTIONS, resolveHomeSections } from './home-layout.ts';
import type { Company, SeoFields, Social } from './types.ts';

export type CompanyInput = Partial<Omit<Company, 'social'>> & { social?: Partial<Social> | null | undefined };

const emptySeo = Object.fromEntries(
  SEO_PAGES.flatMap((page) => [
    [`seo_${page}_title`, ''],
    [`seo_${page}_description`, ''],
  ]),
) as unknown as SeoFields;

export const DEFAULT_COMPANY: Company = {
  _id: '',
  name: DEFAULT_BRAND.name,
  tagline: DEFAULT_BRAND.tagline,
  description: '',
  logo: DEFAULT_BRAND.logo,
  logo_dark: '',
  logo_shows_name: false,
  icon: '',
  hero_image: '',
  cta_text: '',
  cta_link: '',
  address: '',
  phone: '',
  email: '',
  website: '',
  social: { facebook: '', instagram: '', twitter: '', linkedin: '' },
  ...DEFAULT_THEME,
  ...emptySeo,
  about_story: '',
  about_mission: '',
  about_vision: '',
  home_sections: [...DEFAULT_HOME_SECTIONS],
};

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Merges stored or fetched settings over the defaults; blank, missing or wrongly typed values take the default. */
export function withCompanyDefaults(input: CompanyInput | null | undefined): Company {
  const out: Record<string, unknown> = {
    ...DEFAULT_COMPANY,
    social: { ...DEFAULT_COMPANY.social },
    home_sections: resolveHomeSections(null),
  };
  if (!input || typeof input !== 'object') return out as unknown as Company;
  for (const [key, fallback] of Object.entries(DEFAULT_COMPANY)) {
    if (key === 'social') continue;
    const value = (input as Record<string, unknown>)[key];
    if (isBlank(value) || typeof value !== typeof fallback) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    out[key] = value;
  }
  // A list (or its stored JSON text) whatever shape it arrives in: read defensively, never as it is.
  out['home_sections'] = resolveHomeSections(input.home_sections);
  const social = input.social;
  if (social && typeof social === 'object') {
    for (const key of Object.keys(DEFAULT_COMPANY.social) as (keyof Social)[]) {
      const value = social[key];
      if (typeof value === 'string' && value.trim() !== '') (out['social'] as Social)[key] = value.trim();
    }
  }
  return out as unknown as Company;
}
