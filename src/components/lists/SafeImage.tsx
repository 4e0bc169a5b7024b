/** An image that swaps in the placeholder when it fails to load (spec section 8). */
import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { apiAsset } from '../../lib/api/base.ts';
import { srcSetFor, VARIANT_TYPE } from '../../shared/image-variants.ts';
import { objectPositionOf } from '../../shared/media-url.ts';

export const PLACEHOLDER_IMAGE = '/placeholder.webp';
/** A 1/2/3-column grid in a `px-4` container: on a phone the card is the viewport less 2rem. */
export const GRID_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, calc(100vw - 2rem)';

/**
 * 'priority': the page's largest image (fetched first at high priority, painted with the first frame); 'eager': in
 * the first screen beside it (fetched at once, but at low priority, so the largest one gets the bandwidth first).
 */
export type ImageLoading = 'priority' | 'eager' | 'lazy';

/** The priority image decodes with the frame that shows it; the others never hold a frame back. */
const LOADING_ATTRIBUTES: Readonly<Record<ImageLoading, ImgHTMLAttributes<HTMLImageElement>>> = {
  priority: { loading: 'eager', fetchPriority: 'high' },
  eager: { loading: 'eager', fetchPriority: 'low', decoding: 'async' },
  lazy: { loading: 'lazy', decoding: 'async' },
};

/** How the image at `index` of a grid loads: the first is the priority, the rest of the first row eager, the others lazy. */
export function gridImageLoading(index: number, firstRow: number): ImageLoading {
  return index === 0 ? 'priority' : index < firstRow ? 'eager' : 'lazy';
}

/** The AVIF variants of a stored picture (`src` as the page uses it) as the source of a <picture>; nothing for any other image. */
export function PictureSource({ src, sizes }: { src: string; sizes: string }) {
  const srcSet = srcSetFor(src);
  return srcSet ? <source type={VARIANT_TYPE} srcSet={srcSet} sizes={sizes} /> : null;
}

/** A picture that failed before anything listened for its error event. */
const failedAlready = (img: HTMLImageElement) => img.complete && img.naturalWidth === 0;

/** Shows the placeholder instead of a picture that failed: its sources go, so the browser does not pick one of them again. */
function showPlaceholder(img: HTMLImageElement) {
  for (const source of img.parentElement?.querySelectorAll('source') ?? []) source.remove();
  if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
}

/**
 * The SafeImage fallback for pictures rendered at build time that no SafeImage component watches (a list's static
 * grid, see StaticUntilChanged): one that already failed, and any that fails later.
 */
export function watchImageErrors(root: ParentNode): void {
  for (const img of root.querySelectorAll('img')) {
    img.addEventListener('error', () => showPlaceholder(img), { once: true });
    if (failedAlready(img)) showPlaceholder(img);
  }
}

interface Props {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  loading?: ImageLoading;
  /** How wide the image shows, for choosing among its variants; the default suits a 1/2/3-column grid. */
  sizes?: string;
}

export default function SafeImage({
  src,
  alt,
  width,
  height,
  className = '',
  loading = 'lazy',
  sizes = GRID_SIZES,
}: Props) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img && failedAlready(img)) setFailed(true);
  }, []);
  const focal = failed || !src ? undefined : objectPositionOf(src);
  // A crop (object-fit: cover) keeps the focal point in view. Set through the DOM, as the layout script does for the
  // static page: the site's policy allows no inline style attribute.
  useEffect(() => {
    if (ref.current) ref.current.style.objectPosition = focal ?? '';
  }, [focal]);
  const url = failed || !src ? PLACEHOLDER_IMAGE : apiAsset(src);
  // `contents`: the <picture> adds no box, so the image sizes and places itself as it would alone.
  return (
    <picture className="contents">
      {url !== PLACEHOLDER_IMAGE && <PictureSource src={url} sizes={sizes} />}
      <img
        ref={ref}
        src={url}
        alt={alt}
        width={width}
        height={height}
        {...LOADING_ATTRIBUTES[loading]}
        className={className}
        data-focus={focal}
        onError={() => setFailed(true)}
      />
    </picture>
  );
}
