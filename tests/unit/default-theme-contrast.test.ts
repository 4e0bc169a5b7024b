/**
 * The default theme's text pairs reach WCAG AA (4.5:1) in both themes: the spec's default company and the demo's,
 * the page text and muted text on every page surface, brand-coloured text, and the brand button's text on its fill
 * once the fill's opacity lets the page show through (as global.css lays it out).
 */
import { assert, describe, expect, it } from 'vitest';
import { previewVars } from '../../src/components/admin/theme/theme-preview.ts';
import { brandingVars } from '../../src/lib/branding.ts';
import { COMPANY as DEMO } from '../../src/server/seed/demo-content.ts';
import { DEFAULT_COMPANY, withCompanyDefaults } from '../../src/shared/company.ts';
import { contrastRatio, DARK_SURFACES, LIGHT_SURFACES } from '../../src/shared/contrast.ts';
import type { Company } from '../../src/shared/types.ts';

type Theme = 'light' | 'dark';
const SURFACES: Record<Theme, string[]> = { light: LIGHT_SURFACES, dark: DARK_SURFACES };

/** The UnoCSS (presetWind4) greys the pages write text in, as the browser renders them. */
const GREY = {
  100: '#f3f4f6',
  300: '#d1d5dc',
  400: '#99a1af',
  500: '#6a7282',
  600: '#4a5565',
  700: '#364153',
  900: '#101828',
} as const;

/** Page text and muted text per theme: body (BaseLayout), the hint and caption greys the components use. */
const TEXT: Record<Theme, Record<string, string>> = {
  light: { body: '#111827', 'text-gray-900': GREY[900], 'text-gray-700': GREY[700], 'text-gray-600': GREY[600] },
  dark: { body: GREY[100], 'text-gray-100': GREY[100], 'text-gray-300': GREY[300], 'text-gray-400': GREY[400] },
};

/** `color` at `alpha` over an opaque backdrop, as color-mix(in srgb, color alpha, transparent) shows on the page. */
function over(color: string, backdrop: string, alpha: number): string {
  const ch = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const [c, b] = [ch(color), ch(backdrop)];
  return `#${c
    .map((v, i) => {
      const under = b[i];
      assert(under !== undefined, 'the backdrop has the same three channels');
      return Math.round(v * alpha + under * (1 - alpha))
        .toString(16)
        .padStart(2, '0');
    })
    .join('')}`;
}

const COMPANIES: [string, Company][] = [
  ['the spec default company', DEFAULT_COMPANY],
  ['the demo company', withCompanyDefaults({ ...DEMO })],
];

describe.each(COMPANIES)('%s', (_name, company) => {
  const vars = brandingVars(company);

  it.each(['light', 'dark'] as const)('page and muted text reach AA on every %s surface', (theme) => {
    for (const [what, text] of Object.entries(TEXT[theme])) {
      for (const surface of SURFACES[theme])
        expect(contrastRatio(text, surface), `${what} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(['light', 'dark'] as const)('brand-coloured text reaches AA on every %s surface', (theme) => {
    const ink = vars[`--color-primary-ink-${theme}`];
    assert(ink, `the ${theme} theme has a brand ink`);
    for (const surface of SURFACES[theme])
      expect(contrastRatio(ink, surface), `${ink} on ${surface}`).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['light', 'dark'] as const)(
    'the brand button text reaches AA on its see-through fill over every %s surface',
    (theme) => {
      // The pair global.css gives .brand-button in this theme, which the admin's theme preview shows too.
      const preview = previewVars(company, theme);
      const [text, fill] = [preview['--color-on-button'], preview['--color-button-fill']];
      assert(text && fill, `the ${theme} theme has a brand button text and fill`);
      for (const surface of SURFACES[theme]) {
        const shown = over(fill, surface, company.button_opacity);
        expect(
          contrastRatio(text, shown),
          `${text} on ${fill} at ${company.button_opacity} over ${surface}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('text on an opaque brand fill (badges, the newsletter band, own message bubbles) reaches AA', () => {
    const [text, fill] = [vars['--color-on-primary'], vars['--color-primary']];
    assert(text && fill, 'the brand fill and the text on it');
    expect(contrastRatio(text, fill)).toBeGreaterThanOrEqual(4.5);
  });
});
