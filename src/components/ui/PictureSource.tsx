/** The AVIF variants of a stored picture as the source of a <picture>; nothing for any other image. */
import { srcSetFor, VARIANT_TYPE } from '../../shared/image-variants.ts';

interface Props {
  /** The picture's URL as the page uses it (after apiAsset). */
  src: string;
  /** How wide the image shows, for choosing among the variants. */
  sizes: string;
}

export default function PictureSource({ src, sizes }: Props) {
  const srcSet = srcSetFor(src);
  return srcSet ? <source type={VARIANT_TYPE} srcSet={srcSet} sizes={sizes} /> : null;
}
