import { assert, describe, expect, it } from 'vitest';
import { fallbackFace, fallbackOverrides } from '../../src/lib/build/font-fallback.ts';
import { FONTS } from '../../src/shared/constants.ts';

describe('metric-matched font fallback', () => {
  it.each(FONTS.filter((f) => f !== 'System UI'))('%s gets a local fallback with plausible overrides', (font) => {
    const face = fallbackFace(font, `${font} Variable`);
    assert(face !== null, 'a fallback face');
    expect(face.family).toBe(`${font} Variable Fallback`);
    const size = Number(/size-adjust:([\d.]+)%/.exec(face.css)?.[1]);
    expect(size).toBeGreaterThan(80);
    expect(size).toBeLessThan(135);
    expect(face.css).toMatch(/ascent-override:[\d.]+%;descent-override:[\d.]+%;line-gap-override:[\d.]+%/);
  });

  it('serif fonts fall back to Times, sans-serif ones to Arial', () => {
    expect(fallbackFace('Merriweather', 'M')?.css).toContain("local('Times New Roman')");
    expect(fallbackFace('Inter', 'I')?.css).toContain("local('Arial')");
  });

  it('the system stack and unknown fonts need none', () => {
    expect(fallbackFace('System UI', 'system-ui')).toBeNull();
    expect(fallbackFace('Comic Sans', 'x')).toBeNull();
  });

  it("a font with the fallback's own metrics needs no adjustment", () => {
    const m = { category: 'sans-serif', ascent: 1854, descent: -434, lineGap: 67, unitsPerEm: 2048, xWidthAvg: 904 };
    expect(fallbackOverrides(m, m)).toEqual({
      sizeAdjust: '100.00%',
      ascentOverride: '90.53%',
      descentOverride: '21.19%',
      lineGapOverride: '3.27%',
    });
  });

  it('a wider font scales the fallback up and its line metrics down accordingly', () => {
    const base = { category: 'sans-serif', ascent: 1000, descent: -250, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 500 };
    const o = fallbackOverrides({ ...base, xWidthAvg: 550 }, base);
    expect(o.sizeAdjust).toBe('110.00%');
    expect(o.ascentOverride).toBe('90.91%');
  });
});
