import type { MouseEvent } from 'react';
import { apiAsset } from '../../lib/api/base.ts';
import { formatCount } from '../../lib/format/numbers.ts';
import type { ItemCounts } from '../../shared/activity.ts';
import type { Photo } from '../../shared/types.ts';
import LikeButton from '../activity/LikeButton.tsx';
import SafeImage, { type ImageLoading } from '../lists/SafeImage.tsx';

interface Props {
  photo: Photo;
  loading: ImageLoading;
  /** Opens the photo in the lightbox; the picture stays a plain link to the full picture until then (or without it). */
  onOpen?: (trigger: HTMLElement) => void;
  /** The current counts read after load (the build's until then). */
  counts?: ItemCounts | undefined;
  /** Told a like's new counts; without it the likes are only shown (a preview, which is not the photo visitors like). */
  onCounts?: ((id: string, counts: ItemCounts) => void) | undefined;
}

/** The photo cards' grid, four across on wide screens (the gallery's and a photo's preview). */
export const PHOTO_GRID = 'm-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** A click that asks for a new tab or window, or a download: the link does what the browser would do. */
const wantsBrowser = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/** A gallery card: image (opening the lightbox), title, caption, #tags, views and a Like button with the likes. */
export default function PhotoCard({ photo, loading, onOpen, counts, onCounts }: Props) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white dark:border-white/10 dark:bg-[#111821]">
      <a
        href={photo.image ? apiAsset(photo.image) : undefined}
        aria-label={`View ${photo.title} full size`}
        className="group relative block overflow-hidden focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-[var(--color-primary)]"
        onClick={(e) => {
          if (!onOpen || wantsBrowser(e)) return;
          e.preventDefault();
          onOpen(e.currentTarget);
        }}
      >
        <SafeImage
          src={photo.image}
          alt={photo.title}
          width={600}
          height={400}
          loading={loading}
          className="aspect-[3/2] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <span
          aria-hidden="true"
          className="absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-full bg-black/55 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
        >
          <svg viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
          </svg>
        </span>
      </a>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="m-0 text-lg font-semibold">{photo.title}</h2>
        {photo.caption && <p className="m-0 line-clamp-2 text-sm text-gray-600 dark:text-gray-300">{photo.caption}</p>}
        {photo.tags.length > 0 && (
          <ul
            className="m-0 flex list-none flex-wrap gap-x-2 gap-y-1 p-0 text-sm text-[var(--color-primary-ink)]"
            aria-label="Tags"
          >
            {photo.tags.map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        )}
        <p className="m-0 mt-auto flex gap-4 pt-2 text-sm text-gray-600 dark:text-gray-300">
          <span className="inline-flex items-center gap-1">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
              <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
              <circle cx="12" cy="12" r="3" />
            </svg>
            {formatCount(counts?.views ?? photo.views)}
            <span className="sr-only"> views</span>
          </span>
          {onCounts ? (
            <LikeButton
              type="photo"
              id={photo._id}
              title={photo.title}
              likes={counts?.likes ?? photo.likes}
              liked={counts?.liked ?? false}
              onChange={onCounts}
              className="-my-1 -ml-2"
            />
          ) : (
            <span>{formatCount(photo.likes)} likes</span>
          )}
        </p>
      </div>
    </article>
  );
}
