/**
 * The contrast of a theme's text on its colours, per theme (light, dark): what the Theme Settings screen warns about
 * and what the server refuses to publish (WCAG AA). Contrast measured by src/shared/contrast.ts.
 */
import { brandingVars, HEADER_ALPHA } from './branding.ts';
import { DEFAULT_COMPANY } from '../shared/company.ts';
import { contrastRatio, DARK_SURFACES, LIGHT_SURFACES } from '../shared/contrast.ts';
import { CONTRAST_MIN } from '../shared/publish-checks.ts';
import type { ThemeField } from '../shared/schemas/company.ts';
import type { Company } from '../shared/types.ts';

export type PreviewMode = 'light' | 'dark';
type ThemeSettings = Pick<Company, ThemeField>;

/** WCAG 2 AA for body text. */
export const AA_MIN = CONTRAST_MIN;

/** The page colour of a theme: the first of its surfaces. */
function pageSurface(surfaces: readonly string[]): string {
  const [page] = surfaces;
  if (page === undefined) throw new Error('A theme needs at least one surface colour');
  return page;
}

/** The page behind the header and buttons, and the page's own text colour (the header's follows its fill: branding.ts). */
export const PAGE = {
  light: { surface: pageSurface(LIGHT_SURFACES), text: '#111827' },
  dark: { surface: pageSurface(DARK_SURFACES), text: '#ffffff' },
} as const satisfies Record<PreviewMode, { surface: string; text: string }>;

/** A variable brandingVars always sets. */
export function setVar(vars: Record<string, string>, name: string): string {
  const value = vars[name];
  if (value === undefined) throw new Error(`brandingVars sets no ${name}`);
  return value;
}

/** The brand button's text and fill in one theme, as global.css picks them (the plain brand colours where no per-theme pair is set). */
export function buttonColours(vars: Record<string, string>, mode: PreviewMode): { text: string; fill: string } {
  return {
    text: vars[`--color-on-button-${mode}`] ?? setVar(vars, '--color-on-primary'),
    fill: vars[`--color-button-fill-${mode}`] ?? setVar(vars, '--color-primary'),
  };
}

/** The red, green or blue channel of '#rrggbb' that starts at `at`. */
const channel = (hex: string, at: number) => Number.parseInt(hex.slice(at, at + 2), 16);

/** `color` at `alpha` over an opaque `backdrop` (what color-mix with transparent shows over the page). */
export function composite(color: string, backdrop: string, alpha: number): string {
  const mixed = [1, 3, 5].map((at) => Math.round(channel(color, at) * alpha + channel(backdrop, at) * (1 - alpha)));
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export interface ContrastCheck {
  id: string;
  mode: PreviewMode;
  /** What the reader looks at, for the warning text. */
  what: string;
  text: string;
  surface: string;
  ratio: number;
}

/**
 * The text-on-colour pairs the draft puts on a page, per theme: header text on the header bar (primary colour at its
 * opacity), the primary button's text on the button, and text on a secondary-coloured surface.
 */
export function contrastChecks(theme: ThemeSettings): ContrastCheck[] {
  const vars = brandingVars({ ...DEFAULT_COMPANY, ...theme });
  return (['light', 'dark'] as const).flatMap((mode) => {
    const page = PAGE[mode];
    const button = buttonColours(vars, mode);
    const pairs = [
      {
        id: 'header',
        what: 'Header text on the header bar',
        text: setVar(vars, `--color-on-header-${mode}`),
        surface: composite(setVar(vars, `--color-header-fill-${mode}`), page.surface, HEADER_ALPHA),
      },
      {
        id: 'button',
        what: 'Button text on the primary button',
        text: button.text,
        surface: composite(button.fill, page.surface, theme.button_opacity),
      },
      {
        id: 'secondary',
        what: 'Text on the secondary colour',
        text: page.text,
        surface: composite(theme.secondary_color, page.surface, theme.secondary_opacity),
      },
    ];
    return pairs.map((pair) => ({
      ...pair,
      id: `${pair.id}-${mode}`,
      mode,
      ratio: contrastRatio(pair.text, pair.surface),
    }));
  });
}

/** The checks below WCAG AA, as one sentence each. */
export function contrastWarnings(theme: ThemeSettings): { id: string; message: string }[] {
  return contrastChecks(theme)
    .filter((check) => check.ratio < AA_MIN)
    .map((check) => ({
      id: check.id,
      message: `${check.what} in the ${check.mode} theme reaches only ${(Math.floor(check.ratio * 100) / 100).toFixed(2)}:1 (WCAG AA needs ${AA_MIN}:1).`,
    }));
}
