/**
 * Pure rules of the Theme Settings screen: the control ranges (spec §5), the CSS variables of a preview pane per
 * theme, and which surfaces of a draft theme fail WCAG AA (contrast measured by src/shared/contrast.ts).
 */
import { brandingVars, HEADER_ALPHA } from '../../../lib/branding.ts';
import type { ThemeSettings } from '../../../lib/api/admin/company.ts';
import { DEFAULT_COMPANY } from '../../../shared/company.ts';
import { OPACITY, PRIMARY_BLURS, RADIUS, SECONDARY_BLURS } from '../../../shared/constants.ts';
import { contrastRatio, DARK_SURFACES, LIGHT_SURFACES } from '../../../shared/contrast.ts';
import type { Company } from '../../../shared/types.ts';

export type PreviewMode = 'light' | 'dark';

/** WCAG 2 AA for body text. */
export const AA_MIN = 4.5;

export const OPACITY_RANGE = OPACITY;
export const RADIUS_RANGE = RADIUS;
export const BLUR_OPTIONS = { primary: PRIMARY_BLURS, secondary: SECONDARY_BLURS, button: SECONDARY_BLURS } as const;

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

/** The ten theme values of a company. */
export function themeOf(company: Company): ThemeSettings {
  const {
    primary_color,
    primary_opacity,
    secondary_color,
    secondary_opacity,
    primary_blur,
    secondary_blur,
    header_radius,
    button_radius,
    button_blur,
    button_opacity,
  } = company;
  return {
    primary_color,
    primary_opacity,
    secondary_color,
    secondary_opacity,
    primary_blur,
    secondary_blur,
    header_radius,
    button_radius,
    button_blur,
    button_opacity,
  };
}

/** A slider's value as the server takes it: on the step, inside the range (range inputs give strings like 0.30000000000000004). */
export function snap(value: number, { min, max, step }: { min: number; max: number; step: number }): number {
  if (!Number.isFinite(value)) return min;
  // Rounded before rounding to a step, so 0.85 / 0.1 (8.499999999999998) counts as 8.5 and lands on 0.9 as the browser's slider shows it.
  const steps = Math.round(Number(((Math.min(max, Math.max(min, value)) - min) / step).toFixed(6)));
  return Number((min + steps * step).toFixed(6));
}

const nearest = (value: number, options: readonly number[]) =>
  options.reduce((best, option) => (Math.abs(option - value) < Math.abs(best - value) ? option : best));

/**
 * Stored values on the controls' grid (a value saved before the rules, like an opacity of 0.85, would show on the
 * slider as 0.9 but be sent back as 0.85 and refused): the draft holds what the controls show.
 */
export function fitControls(theme: ThemeSettings): ThemeSettings {
  return {
    ...theme,
    primary_opacity: snap(theme.primary_opacity, OPACITY),
    secondary_opacity: snap(theme.secondary_opacity, OPACITY),
    button_opacity: snap(theme.button_opacity, OPACITY),
    header_radius: snap(theme.header_radius, RADIUS),
    button_radius: snap(theme.button_radius, RADIUS),
    primary_blur: nearest(theme.primary_blur, PRIMARY_BLURS),
    secondary_blur: nearest(theme.secondary_blur, SECONDARY_BLURS),
    button_blur: nearest(theme.button_blur, SECONDARY_BLURS),
  };
}

/** The CSS variables the site's brand classes read, for one preview pane: the draft theme as that theme shows it. */
export function previewVars(theme: ThemeSettings, mode: PreviewMode): Record<string, string> {
  const vars = brandingVars({ ...DEFAULT_COMPANY, ...theme });
  const button = buttonColours(vars, mode);
  return {
    ...vars,
    '--color-primary-ink': setVar(vars, `--color-primary-ink-${mode}`),
    '--color-header-fill': setVar(vars, `--color-header-fill-${mode}`),
    '--color-on-header': setVar(vars, `--color-on-header-${mode}`),
    '--color-on-button': button.text,
    '--color-button-fill': button.fill,
  };
}

/** A variable brandingVars always sets. */
function setVar(vars: Record<string, string>, name: string): string {
  const value = vars[name];
  if (value === undefined) throw new Error(`brandingVars sets no ${name}`);
  return value;
}

/** The brand button's text and fill in one theme, as global.css picks them (the plain brand colours where no per-theme pair is set). */
function buttonColours(vars: Record<string, string>, mode: PreviewMode): { text: string; fill: string } {
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
