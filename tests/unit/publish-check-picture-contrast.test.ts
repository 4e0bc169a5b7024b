/** The contrast of a hero slide's white text on its picture, under the slide's dark gradient. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { shadeAt, slideTextContrast } from '../../src/server/modules/publish-checks/picture-contrast.ts';

const WIDTH = 1920;
const HEIGHT = 1080;

/** A picture of one colour, full HD unless told. */
const solid = (background: string, width = WIDTH, height = HEIGHT): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A black full-HD picture, white from `from` px to its right edge. */
async function whiteFrom(from: number): Promise<Buffer> {
  return sharp(await solid('#000000'))
    .composite([{ input: await solid('#ffffff', WIDTH - from), left: from, top: 0 }])
    .png()
    .toBuffer();
}

describe('shadeAt', () => {
  it('is 35 % at the top, 45 % in the middle and 85 % at the bottom of the slide', () => {
    expect(shadeAt(0)).toBeCloseTo(0.35, 10);
    expect(shadeAt(0.5)).toBeCloseTo(0.45, 10);
    expect(shadeAt(1)).toBeCloseTo(0.85, 10);
  });

  it('interpolates in between, darker the lower it goes', () => {
    expect(shadeAt(0.25)).toBeCloseTo(0.4, 10);
    expect(shadeAt(0.75)).toBeCloseTo(0.65, 10);
    const steps = Array.from({ length: 101 }, (_, i) => shadeAt(i / 100));
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThan(steps[i - 1] ?? Infinity);
  });
});

describe('slideTextContrast', () => {
  it('fails white text on a white picture, even under the gradient', async () => {
    expect(await slideTextContrast(await solid('#ffffff'), 'center')).toBeLessThan(4.5);
  });

  it('passes white text on a near-black picture by far', async () => {
    expect(await slideTextContrast(await solid('#111111'), 'center')).toBeGreaterThan(10);
  });

  it('reads the text colour it is given', async () => {
    const grey = await solid('#111111');
    expect(await slideTextContrast(grey, 'center', '#333333')).toBeLessThan(4.5);
  });

  // Left-aligned text spans 9 of the picture's 16 columns, so it reaches just past the middle: the bright part here
  // is the right three eighths, where only right- and centre-aligned text lies.
  it('measures only the part of the picture behind the text, by its alignment', async () => {
    const brightRight = await whiteFrom(1200);
    expect(await slideTextContrast(brightRight, 'left')).toBeGreaterThan(10);
    expect(await slideTextContrast(brightRight, 'right')).toBeLessThan(4.5);
    expect(await slideTextContrast(brightRight, 'center')).toBeLessThan(4.5);
  });

  // The text's band is 10 columns by 3 rows of 120 px cells: a patch of two cells is a fifteenth of it.
  it('takes the brightest cell behind the text, not an average: a small bright patch fails the slide', async () => {
    const patch = await solid('#ffffff', 240, 360);
    const picture = await sharp(await solid('#000000'))
      .composite([{ input: patch, left: 960, top: 360 }])
      .png()
      .toBuffer();
    expect(await slideTextContrast(picture, 'center')).toBeLessThan(4.5);
  });

  // Bright at either edge only: centred text passes, text on that side fails, so only 'center' matches both.
  it('measures an unknown alignment as centred text', async () => {
    const brightRight = await whiteFrom(1560);
    const brightLeft = await sharp(brightRight).flop().png().toBuffer();
    expect(await slideTextContrast(brightRight, 'right')).toBeLessThan(4.5);
    expect(await slideTextContrast(brightLeft, 'left')).toBeLessThan(4.5);
    for (const picture of [brightRight, brightLeft]) {
      const centred = await slideTextContrast(picture, 'center');
      expect(centred).toBeGreaterThan(10);
      expect(await slideTextContrast(picture, 'justify')).toBe(centred);
      // A name Object.prototype has is no alignment of its own either.
      expect(await slideTextContrast(picture, 'constructor')).toBe(centred);
      expect(await slideTextContrast(picture, '')).toBe(centred);
    }
  });
});
