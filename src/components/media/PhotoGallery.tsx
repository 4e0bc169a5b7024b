import type { CategoryChoice } from '../../lib/filters/core.ts';
import { lazy, Suspense, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { closedLightbox, lightboxReducer } from '../../lib/media/lightbox-state.ts';
import { photoSectionFor } from '../../lib/filters/photos.ts';
import { PHOTO_SKELETONS } from '../../shared/constants.ts';
import type { Photo } from '../../shared/types.ts';
import { useItemCounts } from '../activity/use-item-counts.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import { LIST_ITEM, ShowMore } from '../lists/ListResults.tsx';
import { gridImageLoading } from '../lists/SafeImage.tsx';
import { useFilteredList, type ListSource } from '../lists/use-filtered-list.ts';
import PhotoCard, { PHOTO_GRID } from './PhotoCard.tsx';

// Its own chunk, fetched on the first open: the gallery's first load does not carry it.
const PhotoLightbox = lazy(() => import('./PhotoLightbox.tsx'));

/** children: the build's pager of the list's pages, shown until the filters change. */
export default function PhotoGallery({
  categories,
  source,
  children,
}: {
  categories: CategoryChoice[];
  source: ListSource<Photo>;
  children?: ReactNode;
}) {
  // The company's categories, read by the build; the same list for the island's whole life.
  const section = useMemo(() => photoSectionFor(categories), [categories]);
  const { visible, more, busy, changed, panel } = useFilteredList(section, source);
  // Whether this visitor likes each photo shown, and counts newer than the build's.
  const ids = useMemo(() => visible.map((p) => p._id), [visible]);
  const { counts, update } = useItemCounts('photo', ids);
  const [lightbox, dispatch] = useReducer(lightboxReducer, visible.length, closedLightbox);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => dispatch({ type: 'count', count: visible.length }), [visible.length]);
  const close = () => {
    dispatch({ type: 'close' });
    // Focus goes back to the card that opened the lightbox, whichever photo it showed last.
    opener.current?.focus();
  };
  return (
    <>
      <FilterPanel {...panel} />
      {panel.count === null ? (
        <ul className={PHOTO_GRID} aria-busy="true" aria-label="Loading photos">
          {Array.from({ length: PHOTO_SKELETONS }, (_, i) => (
            <li
              key={i}
              data-testid="photo-skeleton"
              className="animate-pulse overflow-hidden rounded-xl border border-gray-200 dark:border-white/10"
            >
              <div className="aspect-[3/2] bg-gray-200 dark:bg-white/10" />
              <div className="flex flex-col gap-2 p-4">
                <div className="h-5 w-2/3 rounded bg-gray-200 dark:bg-white/10" />
                <div className="h-4 w-full rounded bg-gray-200 dark:bg-white/10" />
                <div className="h-4 w-1/3 rounded bg-gray-200 dark:bg-white/10" />
              </div>
            </li>
          ))}
        </ul>
      ) : visible.length === 0 ? (
        <p className="py-16 text-center text-gray-600 dark:text-gray-300">No photos available.</p>
      ) : (
        <ul className={PHOTO_GRID}>
          {visible.map((photo, i) => (
            <li key={photo._id} className={LIST_ITEM}>
              <PhotoCard
                photo={photo}
                loading={gridImageLoading(i, 4)}
                counts={counts[photo._id]}
                onCounts={update}
                onOpen={(trigger) => {
                  opener.current = trigger;
                  dispatch({ type: 'open', index: i });
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {changed ? <ShowMore onMore={more} busy={busy} /> : children}
      {lightbox.index >= 0 && (
        <Suspense fallback={null}>
          <PhotoLightbox
            photos={visible}
            index={lightbox.index}
            counts={counts}
            onCounts={update}
            onStep={(step) => dispatch({ type: step === 1 ? 'next' : 'previous' })}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
