import { describe, expect, it } from 'vitest';
import { isPictureName, srcSetFor, variantName } from '../../src/shared/image-variants.ts';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('image variants', () => {
  it('names variants after their picture', () => {
    expect(variantName(`${id}.webp`, 480)).toBe(`${id}-w480.avif`);
  });

  it('lists every variant width for a stored picture, also on another API origin', () => {
    expect(srcSetFor(`/media/${id}.webp`)).toBe(
      `/media/${id}-w480.avif 480w, /media/${id}-w720.avif 720w, /media/${id}-w960.avif 960w, /media/${id}-w1440.avif 1440w, /media/${id}-w1920.avif 1920w`,
    );
    expect(srcSetFor(`https://api.example.com/media/${id}.webp`)).toContain(
      `https://api.example.com/media/${id}-w960.avif 960w`,
    );
  });

  it.each([
    `/media/${id}.png`,
    '/placeholder.webp',
    'https://i.ytimg.com/vi/x/hq.webp',
    '',
    `/media/${id}-w480.avif`,
    `/media/${id}-w480.webp`,
  ])('gives no srcset for %o', (url) => {
    expect(srcSetFor(url)).toBeUndefined();
  });

  it('tells a stored picture from its variants and other files', () => {
    expect(isPictureName(`${id}.webp`)).toBe(true);
    expect(
      [`${id}-w720.avif`, `${id}-w720.webp`, `${id}.png`, `.${id}.webp.tmp`, `x${id}.webp`].map(isPictureName),
    ).toEqual([false, false, false, false, false]);
  });
});
