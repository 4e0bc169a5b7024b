/**
 * A file's small picture in the grid and the list: a picture cropped around its focal point (SafeImage reads it from
 * the URL and sets it through the DOM; its smallest AVIF variant serves a tile), or a tile with the audio or document
 * icon (a document is never drawn as a picture, even a PNG one: the library only lists it).
 * Decorative: the button or row around it names the file.
 */
import type { MediaItem } from '../../../shared/media-library.ts';
import SafeImage from '../../lists/SafeImage.tsx';
import MediaIcon from './MediaIcon.tsx';
import { fileFormat } from './media-screen.ts';

interface Props {
  item: MediaItem;
  /** How wide the thumbnail shows, for choosing among the picture's variants. */
  sizes: string;
  /** 'large' for a grid tile (icon and format), 'small' for a list row (icon alone). */
  size: 'large' | 'small';
}

export default function MediaThumb({ item, sizes, size }: Props) {
  if (item.kind === 'image') {
    return (
      <SafeImage
        src={item.url}
        alt=""
        width={item.width ?? 400}
        height={item.height ?? 400}
        sizes={sizes}
        className="block h-full w-full object-cover"
      />
    );
  }
  return (
    <span className="flex h-full w-full flex-col items-center justify-center gap-1.5 bg-[color-mix(in_srgb,var(--color-primary)_14%,transparent)] text-[var(--color-primary-ink)]">
      <MediaIcon
        name={item.kind === 'document' ? 'document' : 'audio'}
        className={size === 'large' ? 'h-10 w-10' : 'h-5 w-5'}
      />
      {size === 'large' && (
        <span className="text-xs font-semibold tracking-wide text-gray-700 dark:text-gray-300">{fileFormat(item)}</span>
      )}
    </span>
  );
}
