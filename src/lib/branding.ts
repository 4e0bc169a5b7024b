import type { Company } from '../shared/types.ts';
import { DARK_SURFACES, LIGHT_SURFACES, over, readableFill, readableOn, textOn } from '../shared/contrast.ts';
import { ensureHttps, bareHost } from '../shared/url.ts';

/**
 * How opaque the header bar is (global.css .brand-header): with its fill chosen for this, whatever scrolls behind it,
 * from black to white, cannot take the header's text below AA.
 */
export const HEADER_ALPHA = 0.9;

/** The CSS custom properties UnoCSS utilities read; one rule for the build and the runtime refresh. */
export function brandingVars(company: Company): Record<string, string> {
  const hex = (value: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(value) ? value : fallback);
  const primary = hex(company.primary_color, '#0091ea');
  // The brand button is the colour at button_opacity over the page: its text is chosen on that blend, per theme, and
  // the fill nudged (darker or lighter) until the text reaches AA on every surface of the theme.
  const onButton = (surfaces: readonly string[]) => {
    const [page] = surfaces;
    if (page === undefined) throw new Error('A theme needs at least one surface colour');
    return textOn(over(primary, company.button_opacity, page));
  };
  const [onLight, onDark] = [onButton(LIGHT_SURFACES), onButton(DARK_SURFACES)];
  // The header bar is the colour at primary_opacity on the theme's page, with the text that reads better on it; the
  // fill is nudged until that text reaches AA over anything behind the bar.
  const header = (surfaces: readonly string[]) => {
    const [page] = surfaces;
    if (page === undefined) throw new Error('A theme needs at least one surface colour');
    const tint = over(primary, company.primary_opacity, page);
    const text = textOn(tint);
    return { text, fill: readableFill(tint, text, HEADER_ALPHA, ['#000000', '#ffffff']) };
  };
  const [headerLight, headerDark] = [header(LIGHT_SURFACES), header(DARK_SURFACES)];
  return {
    '--color-primary': primary,
    // Brand-coloured text per theme and text on a brand-coloured fill, kept at WCAG AA contrast whatever the colour.
    '--color-primary-ink-light': readableOn(primary, LIGHT_SURFACES),
    '--color-primary-ink-dark': readableOn(primary, DARK_SURFACES),
    '--color-on-primary': textOn(primary),
    '--color-on-button-light': onLight,
    '--color-on-button-dark': onDark,
    '--color-button-fill-light': readableFill(primary, onLight, company.button_opacity, LIGHT_SURFACES),
    '--color-button-fill-dark': readableFill(primary, onDark, company.button_opacity, DARK_SURFACES),
    '--color-header-fill-light': headerLight.fill,
    '--color-on-header-light': headerLight.text,
    '--color-header-fill-dark': headerDark.fill,
    '--color-on-header-dark': headerDark.text,
    '--color-secondary': hex(company.secondary_color, '#FF5722'),
    '--primary-opacity': String(company.primary_opacity),
    '--secondary-opacity': String(company.secondary_opacity),
    '--primary-blur': `${company.primary_blur}px`,
    '--secondary-blur': `${company.secondary_blur}px`,
    '--header-radius': `${company.header_radius}px`,
    '--button-radius': `${company.button_radius}px`,
    '--button-blur': `${company.button_blur}px`,
    '--button-opacity': String(company.button_opacity),
  };
}

/** `:root{…}` text for the head; values come from brandingVars, which only emits numbers, px and hex colours. */
export function brandingCss(company: Company, fontFamily: string): string {
  const vars = Object.entries(brandingVars(company)).map(([k, v]) => `${k}:${v}`);
  vars.push(`--font-brand:${fontFamily}`);
  return `:root{${vars.join(';')}}`;
}

export type SocialKey = keyof Company['social'];
export const SOCIAL_LABELS: Record<SocialKey, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
};

/** Footer contact and social values as rendered: links normalised, the website as a bare host. */
export function footerLinks(company: Company) {
  return {
    address: company.address.trim(),
    phone: company.phone.trim(),
    email: company.email.trim(),
    website: ensureHttps(company.website),
    websiteLabel: bareHost(company.website),
    social: Object.fromEntries(
      (Object.keys(SOCIAL_LABELS) as SocialKey[]).map((key) => [key, ensureHttps(company.social[key])]),
    ) as Record<SocialKey, string>,
  };
}
