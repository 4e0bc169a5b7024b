/**
 * A product's pictures: the first large, the others behind keyboard-reachable thumbnails. No script: each thumbnail
 * is the label of a visually hidden radio button (Tab reaches the group, the arrow keys move through it), and CSS
 * shows the large picture that follows the checked one. The same markup works in the static page and in an island.
 */
import { Fragment } from 'react';
import { apiAsset } from '../../lib/api/base.ts';
import { PictureSource, PLACEHOLDER_IMAGE } from '../lists/SafeImage.tsx';

/** Half the page beside the details on wide screens; the whole width less the page's padding on phones. */
export const PRODUCT_IMAGE_SIZES =
  '(min-width: 1280px) 608px, (min-width: 1024px) calc(50vw - 2rem), calc(100vw - 2rem)';
const THUMB_SIZES = '5rem';

function Picture({
  src,
  alt,
  sizes,
  priority,
  className,
}: {
  src: string;
  alt: string;
  sizes: string;
  priority: boolean;
  className: string;
}) {
  const url = src ? apiAsset(src) : PLACEHOLDER_IMAGE;
  return (
    <picture className="contents">
      {url !== PLACEHOLDER_IMAGE && <PictureSource src={url} sizes={sizes} />}
      {/* data-fallback: the layout script swaps in the placeholder for a picture that cannot load. */}
      <img
        src={url}
        alt={alt}
        width={600}
        height={400}
        {...(priority ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' })}
        data-fallback={PLACEHOLDER_IMAGE}
        className={className}
      />
    </picture>
  );
}

const FRAME = 'aspect-[3/2] h-auto w-full rounded-xl bg-gray-100 object-cover dark:bg-white/5';

export default function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  if (images.length <= 1) {
    return (
      <div className="min-w-0">
        <Picture src={images[0] ?? ''} alt={name} sizes={PRODUCT_IMAGE_SIZES} priority className={FRAME} />
      </div>
    );
  }
  return (
    <div
      role="group"
      aria-label={`Pictures of ${name}`}
      className="relative grid min-w-0 grid-cols-[repeat(auto-fill,minmax(4rem,1fr))] gap-2 sm:grid-cols-[repeat(auto-fill,minmax(5rem,1fr))] [&>input:checked+label+div]:block [&>input:checked+label]:ring-2 [&>input:checked+label]:opacity-100 [&>input:focus-visible+label]:outline-2 [&>input:focus-visible+label]:outline-offset-2"
    >
      {images.map((src, i) => (
        <Fragment key={`${i}-${src}`}>
          <input
            type="radio"
            name="product-picture"
            id={`product-picture-${i}`}
            defaultChecked={i === 0}
            className="sr-only"
            aria-label={`Picture ${i + 1} of ${images.length}`}
          />
          <label
            htmlFor={`product-picture-${i}`}
            className="cursor-pointer overflow-hidden rounded-md opacity-70 outline-[var(--color-primary)] ring-[var(--color-primary)] transition-opacity hover:opacity-100"
          >
            <Picture
              src={src}
              alt=""
              sizes={THUMB_SIZES}
              priority={false}
              className="block aspect-square h-auto w-full object-cover"
            />
          </label>
          {/* The large picture: placed above the thumbnails, shown while its radio button is checked. */}
          <div className="col-span-full row-start-1 mb-2 hidden">
            <Picture
              src={src}
              alt={`${name}, picture ${i + 1} of ${images.length}`}
              sizes={PRODUCT_IMAGE_SIZES}
              priority={i === 0}
              className={FRAME}
            />
          </div>
        </Fragment>
      ))}
    </div>
  );
}
