import { assert, describe, expect, it } from 'vitest';
import { AA_MIN, composite, contrastChecks, contrastWarnings, PAGE } from '../../src/lib/theme-contrast.ts';
import {
  BLUR_OPTIONS,
  fitControls,
  OPACITY_RANGE,
  previewVars,
  RADIUS_RANGE,
  snap,
  themeOf,
} from '../../src/components/admin/theme/theme-preview.ts';
import type { ThemeSettings } from '../../src/lib/api/admin/company.ts';
import { HEADER_ALPHA } from '../../src/lib/branding.ts';
import { DEFAULT_COMPANY } from '../../src/shared/company.ts';
import { contrastRatio } from '../../src/shared/contrast.ts';

const defaults: ThemeSettings = themeOf(DEFAULT_COMPANY);
const theme = (change: Partial<ThemeSettings>): ThemeSettings => ({ ...defaults, ...change });

describe('theme controls (spec §5)', () => {
  it('opacity runs 0 to 1 in steps of 0.1, radius 0 to 20 in steps of 1', () => {
    expect(OPACITY_RANGE).toEqual({ min: 0, max: 1, step: 0.1 });
    expect(RADIUS_RANGE).toEqual({ min: 0, max: 20, step: 1 });
  });

  it('offers blurs 0, 4, 8, 12, 16, and primary also 24, 40, 64', () => {
    expect(BLUR_OPTIONS.primary).toEqual([0, 4, 8, 12, 16, 24, 40, 64]);
    expect(BLUR_OPTIONS.secondary).toEqual([0, 4, 8, 12, 16]);
    expect(BLUR_OPTIONS.button).toEqual([0, 4, 8, 12, 16]);
  });

  it.each([
    [0.30000000000000004, OPACITY_RANGE, 0.3],
    [0.7000000000000001, OPACITY_RANGE, 0.7],
    [0.85, OPACITY_RANGE, 0.9],
    [0.15, OPACITY_RANGE, 0.2],
    [1.4, OPACITY_RANGE, 1],
    [-0.2, OPACITY_RANGE, 0],
    [Number.NaN, OPACITY_RANGE, 0],
    [7.6, RADIUS_RANGE, 8],
    [25, RADIUS_RANGE, 20],
  ])('snap(%s) lands on the step: %s', (value, range, expected) => {
    expect(snap(value, range)).toBe(expected);
  });
});

describe('fitControls', () => {
  it('puts values stored before the rules (older data) onto the controls', () => {
    expect(
      fitControls(
        theme({
          button_opacity: 0.85,
          primary_opacity: 0.33,
          header_radius: 12.4,
          button_radius: 30,
          primary_blur: 30,
          secondary_blur: 24,
          button_blur: 5,
        }),
      ),
    ).toEqual(
      theme({
        button_opacity: 0.9,
        primary_opacity: 0.3,
        header_radius: 12,
        button_radius: 20,
        primary_blur: 24,
        secondary_blur: 16,
        button_blur: 4,
      }),
    );
  });

  it('leaves values on the grid alone', () => {
    expect(fitControls(defaults)).toEqual(defaults);
  });
});

describe('preview variables', () => {
  it('carry the draft values and the brand ink of the pane’s theme', () => {
    const draft = theme({
      primary_color: '#ffeb3b',
      header_radius: 3,
      button_radius: 17,
      primary_blur: 40,
      button_opacity: 0.5,
    });
    const light = previewVars(draft, 'light');
    const dark = previewVars(draft, 'dark');
    expect(light['--color-primary']).toBe('#ffeb3b');
    expect(light['--header-radius']).toBe('3px');
    expect(light['--button-radius']).toBe('17px');
    expect(light['--primary-blur']).toBe('40px');
    expect(light['--button-opacity']).toBe('0.5');
    // Yellow is unreadable as text on white: the light pane's ink is a darker variant, the dark pane keeps it.
    expect(light['--color-primary-ink']).toBe(light['--color-primary-ink-light']);
    const ink = light['--color-primary-ink'];
    assert(ink, 'the light pane has a brand ink');
    expect(contrastRatio(ink, PAGE.light.surface)).toBeGreaterThanOrEqual(AA_MIN);
    expect(dark['--color-primary-ink']).toBe('#ffeb3b');
  });
});

describe('composite', () => {
  it.each([
    ['#0091ea', '#ffffff', 1, '#0091ea'],
    ['#0091ea', '#ffffff', 0, '#ffffff'],
    ['#000000', '#ffffff', 0.5, '#808080'],
    ['#0091ea', '#0b0f14', 0.8, '#0277bf'],
  ])('%s over %s at %s is %s', (color, backdrop, alpha, expected) => {
    expect(composite(color, backdrop, alpha)).toBe(expected);
  });
});

describe('contrast warnings', () => {
  it('check header, primary button and secondary surface in both themes', () => {
    expect(contrastChecks(defaults).map((check) => check.id)).toEqual([
      'header-light',
      'button-light',
      'secondary-light',
      'header-dark',
      'button-dark',
      'secondary-dark',
    ]);
  });

  it('the default theme warns about nothing: the button text and fill are chosen per theme to reach AA (#0091ea at 0.8 gets white text on the dark page)', () => {
    expect(contrastWarnings(defaults)).toEqual([]);
  });

  it('a mid-grey primary at full opacity warns about nothing: the header and button fills are nudged until their text reaches AA', () => {
    const grey = theme({ primary_color: '#777777', primary_opacity: 1, button_opacity: 1 });
    expect(contrastWarnings(grey)).toEqual([]);
    const vars = previewVars(grey, 'light');
    expect(vars['--color-header-fill']).not.toBe('#777777');
  });

  it('a very light primary at full opacity gets dark header text in both themes', () => {
    const faint = theme({ primary_color: '#fff9c4', primary_opacity: 1, button_opacity: 1 });
    expect(contrastWarnings(faint)).toEqual([]);
    expect(previewVars(faint, 'dark')['--color-on-header']).toBe('#111827');
  });

  it('a dark primary at full opacity gets white header text in the light theme; a dark secondary still fails there', () => {
    // The header's text follows its fill; text on the secondary colour is the page's own, so it can still fail.
    const navy = theme({ primary_color: '#0b3d91', primary_opacity: 1 });
    expect(previewVars(navy, 'light')['--color-on-header']).toBe('#ffffff');
    const ids = contrastWarnings(
      theme({
        primary_color: '#0b3d91',
        secondary_color: '#0b3d91',
        primary_opacity: 1,
        secondary_opacity: 1,
        button_opacity: 1,
      }),
    ).map((w) => w.id);
    expect(ids).toEqual(['secondary-light']);
  });

  it('whatever the primary colour and opacity, the header text reaches AA with black or white behind the bar', () => {
    for (let r = 0; r <= 255; r += 51)
      for (let g = 0; g <= 255; g += 51)
        for (let b = 0; b <= 255; b += 51)
          for (const primary_opacity of [0, 0.3, 0.6, 1]) {
            const primary_color = `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
            for (const mode of ['light', 'dark'] as const) {
              const vars = previewVars(theme({ primary_color, primary_opacity }), mode);
              const [text = '', fill = ''] = [vars['--color-on-header'], vars['--color-header-fill']];
              for (const behind of ['#000000', '#ffffff'])
                expect(
                  contrastRatio(text, composite(fill, behind, HEADER_ALPHA)),
                  `${primary_color} at ${primary_opacity}, ${mode}, over ${behind}`,
                ).toBeGreaterThanOrEqual(4.5);
            }
          }
  });

  it('every warning names a ratio below AA and every check above it is silent', () => {
    for (const draft of [
      defaults,
      theme({ primary_color: '#ff0000', button_opacity: 0.3 }),
      theme({ secondary_color: '#00ff00', secondary_opacity: 1 }),
    ]) {
      const failing = contrastChecks(draft)
        .filter((check) => check.ratio < AA_MIN)
        .map((check) => check.id);
      expect(contrastWarnings(draft).map((w) => w.id)).toEqual(failing);
    }
  });
});
