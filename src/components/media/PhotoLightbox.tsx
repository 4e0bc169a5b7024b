/**
 * The photo lightbox: a modal <dialog> with the picture at its largest, its title and caption, previous and next,
 * and a counter. Esc closes, ←/→ move, Tab cycles inside, a touch swipe moves. Loaded by PhotoGallery on first open,
 * and by a photo's preview, which counts nothing: without `onCounts` no view, like or download is counted.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { countActivity } from '../../lib/api/activity.ts';
import { apiAsset } from '../../lib/api/base.ts';
import { formatCount } from '../../lib/format/numbers.ts';
import { counterText, keyStep, largestPicture, swipeStep } from '../../lib/media/lightbox.ts';
import { VARIANT_TYPE } from '../../shared/image-variants.ts';
import type { ItemCounts } from '../../shared/activity.ts';
import type { Photo } from '../../shared/types.ts';
import LikeButton from '../activity/LikeButton.tsx';
import type { CountsById } from '../activity/use-item-counts.ts';
import { PLACEHOLDER_IMAGE } from '../lists/SafeImage.tsx';

interface Props {
  photos: readonly Photo[];
  index: number;
  onStep: (step: 1 | -1) => void;
  onClose: () => void;
  counts?: CountsById;
  /** Told a like's new counts; without it (a preview) the likes are only shown and nothing is counted. */
  onCounts?: ((id: string, counts: ItemCounts) => void) | undefined;
}

const ROUND_BUTTON =
  'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full border border-white/25 bg-black/55 text-white transition-colors hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
const SCROLL_LOCK = 'overflow-hidden';

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2">
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}

/** The picture: its widest AVIF variant, the WebP picture for a browser without AVIF, the placeholder if both fail. */
function LargestPicture({ photo }: { photo: Photo }) {
  const [failed, setFailed] = useState(false);
  const { avif, fallback } = largestPicture(apiAsset(photo.image));
  const src = failed || !photo.image ? PLACEHOLDER_IMAGE : fallback;
  return (
    <picture className="contents">
      {avif && !failed && <source type={VARIANT_TYPE} srcSet={avif} />}
      {/* Sized: the image fills the stage box and is letterboxed inside it, so nothing moves while it loads. */}
      <img
        src={src}
        alt={photo.title}
        width={1920}
        height={1280}
        decoding="async"
        className="block h-full w-full select-none object-contain"
        draggable={false}
        onError={() => setFailed(true)}
      />
    </picture>
  );
}

export default function PhotoLightbox({ photos, index, onStep, onClose, counts = {}, onCounts }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const titleId = useId();
  const photo = photos[index];

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    // The page under the lightbox does not scroll while it is open.
    document.documentElement.classList.add(SCROLL_LOCK);
    return () => {
      document.documentElement.classList.remove(SCROLL_LOCK);
      if (d?.open) d.close();
    };
  }, []);

  // Each photo shown at its largest is a view of it (the server counts a visitor once a day); a preview's is not.
  const shownId = photo?._id;
  const counted = onCounts !== undefined;
  useEffect(() => {
    if (shownId && counted) void countActivity('view', 'photo', shownId);
  }, [shownId, counted]);

  if (!photo) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const step = keyStep(event.key);
    if (step && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      onStep(step);
      return;
    }
    if (event.key !== 'Tab') return;
    // Tab and Shift+Tab cycle through the lightbox's own buttons, never out to the browser's toolbar.
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled]), a[href]')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (start?.id !== event.pointerId) return;
    const step = swipeStep(event.clientX - start.x, event.clientY - start.y);
    if (step) onStep(step);
  };

  const many = photos.length > 1;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-roledescription="lightbox"
      // Esc: the dialog closes itself and says so; the gallery then unmounts it and puts focus back on the card.
      onClose={onClose}
      onKeyDown={onKeyDown}
      className="fixed inset-0 m-0 h-[100dvh] max-h-none w-screen max-w-none border-0 bg-[#06090d] p-0 text-white backdrop:bg-black"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 px-3 pt-3 sm:px-5">
          <p className="m-0 text-sm tabular-nums text-white/80" aria-live="polite" aria-atomic="true">
            {counterText(index, photos.length)}
          </p>
          <button type="button" className={ROUND_BUTTON} aria-label="Close" onClick={() => dialog.current?.close()}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div
          className="relative mx-auto flex min-h-0 w-full max-w-[1600px] flex-1 items-center justify-center px-2 py-3 [touch-action:pan-y_pinch-zoom] sm:px-20"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipe.current = null)}
        >
          <LargestPicture key={photo._id} photo={photo} />
          {many && (
            <>
              <button
                type="button"
                className={`${ROUND_BUTTON} absolute left-2 top-1/2 -translate-y-1/2 sm:left-5`}
                aria-label="Previous photo"
                onClick={() => onStep(-1)}
              >
                <Chevron direction="left" />
              </button>
              <button
                type="button"
                className={`${ROUND_BUTTON} absolute right-2 top-1/2 -translate-y-1/2 sm:right-5`}
                aria-label="Next photo"
                onClick={() => onStep(1)}
              >
                <Chevron direction="right" />
              </button>
            </>
          )}
        </div>
        <div className="mx-auto w-full max-w-3xl px-4 pb-5 pt-1 text-center">
          <h2 id={titleId} className="m-0 text-lg font-semibold sm:text-xl">
            {photo.title}
          </h2>
          {photo.caption && <p className="mb-0 mt-1 max-h-24 overflow-y-auto text-sm text-white/75">{photo.caption}</p>}
          <div className="mt-2 flex items-center justify-center gap-3">
            {onCounts ? (
              <LikeButton
                type="photo"
                id={photo._id}
                title={photo.title}
                likes={counts[photo._id]?.likes ?? photo.likes}
                liked={counts[photo._id]?.liked ?? false}
                onChange={onCounts}
              />
            ) : (
              <span className="text-sm">{formatCount(photo.likes)} likes</span>
            )}
            {photo.image && (
              <a
                href={apiAsset(photo.image)}
                download
                className="rounded-full px-2 py-1 text-sm text-white underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                onClick={() => {
                  if (counted) void countActivity('download', 'photo', photo._id);
                }}
              >
                Download
              </a>
            )}
          </div>
        </div>
      </div>
    </dialog>
  );
}
