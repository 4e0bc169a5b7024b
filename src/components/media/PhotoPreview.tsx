/**
 * A photo as the preview page (/preview) shows it: its card as the Photos page lists it, under the list's heading, in
 * the gallery's grid, opening the lightbox as the gallery does. Nothing is counted (no view, like or download): what
 * is previewed is not the photo visitors see.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import type { Photo } from '../../shared/types.ts';
import { LIST_ITEM } from '../lists/ListResults.tsx';
import PhotoCard, { PHOTO_GRID } from './PhotoCard.tsx';

// Its own chunk, as in the gallery: fetched when the card is opened.
const PhotoLightbox = lazy(() => import('./PhotoLightbox.tsx'));

export default function PhotoPreview({ photo }: { photo: Photo }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-8">
        <h1 className="m-0 text-3xl font-bold sm:text-4xl">Photos</h1>
      </header>
      <ul className={PHOTO_GRID}>
        <li className={LIST_ITEM}>
          <PhotoCard
            photo={photo}
            loading="priority"
            onOpen={(trigger) => {
              opener.current = trigger;
              setOpen(true);
            }}
          />
        </li>
      </ul>
      {open && (
        <Suspense fallback={null}>
          <PhotoLightbox
            photos={[photo]}
            index={0}
            onStep={() => undefined}
            onClose={() => {
              setOpen(false);
              // Focus goes back to the card that opened the lightbox, as in the gallery.
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
