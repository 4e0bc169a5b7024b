/**
 * The contrast of a hero slide's white text on its picture, as HeroSlide.tsx lays them out: the picture covers the
 * slide under a dark gradient (black at 35 % at the top, 45 % in the middle, 85 % at the bottom), and the text sits
 * in the middle band, on the left, in the centre or on the right. The picture is averaged into cells about the size
 * of a heading's letters; the brightest cell behind the text, darkened by the gradient there, sets the contrast.
 */
import sharp from 'sharp';
import { contrastRatio } from '../../../shared/contrast.ts';
import { MAX_INPUT_PIXELS } from '../../media/media-store.ts';

const COLUMNS = 16;
const ROWS = 9;
/** The rows the text occupies (centred vertically, in a band about 40 % of the slide high). */
const TEXT_ROWS = { from: 3, to: 6 };
/** The columns it occupies by alignment: a column of at most 2xl (42 rem) on a 1280 px wide slide. */
const TEXT_COLUMNS: Record<string, { from: number; to: number }> = {
  left: { from: 0, to: 9 },
  center: { from: 3, to: 13 },
  right: { from: 7, to: 16 },
};

/** The gradient's darkness (black's alpha) at `y`, 0 at the top of the slide and 1 at its bottom. */
export function shadeAt(y: number): number {
  return y <= 0.5 ? 0.35 + (0.45 - 0.35) * (y / 0.5) : 0.45 + (0.85 - 0.45) * ((y - 0.5) / 0.5);
}

const hex = (channels: readonly number[]) =>
  `#${channels
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** The lowest contrast of `text` on the cells of the picture `bytes` behind the text of a slide aligned `alignment`. */
export async function slideTextContrast(bytes: Uint8Array, alignment: string, text = '#f3f4f6'): Promise<number> {
  const { data } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(COLUMNS, ROWS, { fit: 'cover', kernel: 'cubic' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  // An own property only: a stored alignment named like an Object property ('constructor') counts as centred.
  const columns = (Object.hasOwn(TEXT_COLUMNS, alignment) ? TEXT_COLUMNS[alignment] : TEXT_COLUMNS['center']) ?? {
    from: 0,
    to: COLUMNS,
  };
  let lowest = 21;
  for (let row = TEXT_ROWS.from; row < TEXT_ROWS.to; row++) {
    const keep = 1 - shadeAt((row + 0.5) / ROWS);
    for (let column = columns.from; column < columns.to; column++) {
      const at = (row * COLUMNS + column) * 3;
      const cell = hex([data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0].map((c) => c * keep));
      lowest = Math.min(lowest, contrastRatio(text, cell));
    }
  }
  return lowest;
}
