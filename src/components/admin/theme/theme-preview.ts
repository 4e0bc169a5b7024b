/**
 * Pure rules of the Theme Settings screen: the control ranges (spec §5) and the CSS variables of a preview pane per
 * theme (which surfaces fail WCAG AA: lib/theme-contrast.ts).
 */
import { brandingVars } from '../../../lib/branding.ts';
import type { ThemeSettings } from '../../../lib/api/admin/company.ts';
import { DEFAULT_COMPANY } from '../../../shared/company.ts';
import { OPACITY, PRIMARY_BLURS, RADIUS, SECONDARY_BLURS } from '../../../shared/constants.ts';
import { buttonColours, setVar, type PreviewMode } from '../../../lib/theme-contrast.ts';
import type { Company } from '../../../shared/types.ts';

export type { PreviewMode };

export const OPACITY_RANGE = OPACITY;
export const RADIUS_RANGE = RADIUS;
export const BLUR_OPTIONS = { primary: PRIMARY_BLURS, secondary: SECONDARY_BLURS, button: SECONDARY_BLURS } as const;

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
