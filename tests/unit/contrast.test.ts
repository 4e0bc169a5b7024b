import { assert, describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DARK_SURFACES,
  LIGHT_SURFACES,
  luminance,
  over,
  readableFill,
  readableOn,
  textOn,
} from '../../src/shared/contrast.ts';
import { brandingVars } from '../../src/lib/branding.ts';
import { withCompanyDefaults } from '../../src/shared/company.ts';

describe('contrast', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#0f766e', '#111821', 3.26],
  ])('contrast of %s on %s is %s', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2);
  });

  it('luminance runs from black to white', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1, 6);
  });

  it.each(['#0f766e', '#0091ea', '#ff5722', '#ffff00', '#000000', '#ffffff', '#1e3a8a', '#777777'])(
    'readableOn makes %s legible on every surface of both themes',
    (color) => {
      for (const surfaces of [LIGHT_SURFACES, DARK_SURFACES]) {
        const ink = readableOn(color, surfaces);
        for (const bg of surfaces) expect(contrastRatio(ink, bg)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('keeps a colour that is already legible, and moves the others as little as it can', () => {
    expect(readableOn('#0F766E', LIGHT_SURFACES)).toBe('#0f766e');
    const lighter = readableOn('#0f766e', DARK_SURFACES);
    expect(luminance(lighter)).toBeGreaterThan(luminance('#0f766e'));
    expect(lighter).not.toBe('#ffffff');
    expect(luminance(readableOn('#ffff00', LIGHT_SURFACES))).toBeLessThan(luminance('#ffff00'));
  });

  it.each([
    ['#0f766e', '#ffffff'],
    ['#1e3a8a', '#ffffff'],
    ['#ffff00', '#111827'],
    ['#a7f3d0', '#111827'],
  ])('text on %s is %s', (bg, text) => {
    expect(textOn(bg)).toBe(text);
  });

  it('branding variables carry the readable variants', () => {
    const vars = brandingVars(withCompanyDefaults({ primary_color: '#0f766e' }));
    expect(vars['--color-primary']).toBe('#0f766e');
    expect(vars['--color-primary-ink-light']).toBe('#0f766e');
    const inkDark = vars['--color-primary-ink-dark'];
    assert(inkDark, 'the dark theme has a brand ink');
    expect(contrastRatio(inkDark, '#111821')).toBeGreaterThanOrEqual(4.5);
    expect(vars['--color-on-primary']).toBe('#ffffff');
  });
});

describe('translucent brand buttons (over, readableFill)', () => {
  it('over blends a colour onto its backdrop by opacity', () => {
    expect(over('#000000', 0.5, '#ffffff')).toBe('#808080');
    expect(over('#0091ea', 1, '#0b0f14')).toBe('#0091ea');
    expect(over('#0091ea', 0, '#0b0f14')).toBe('#0b0f14');
  });

  it('readableFill keeps a fill that already reaches AA and nudges one that does not, away from the text colour', () => {
    expect(readableFill('#0b3d91', '#ffffff', 1, LIGHT_SURFACES)).toBe('#0b3d91');
    const fill = readableFill('#0f766e', '#ffffff', 0.9, LIGHT_SURFACES);
    expect(fill).not.toBe('#0f766e');
    expect(luminance(fill)).toBeLessThan(luminance('#0f766e'));
    for (const surface of LIGHT_SURFACES)
      expect(contrastRatio('#ffffff', over(fill, 0.9, surface))).toBeGreaterThanOrEqual(4.5);
    const forDark = readableFill('#777777', '#111827', 1, DARK_SURFACES);
    expect(luminance(forDark)).toBeGreaterThan(luminance('#777777'));
  });
});
