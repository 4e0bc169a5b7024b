/**
 * A preview link's view of a hero slide: the home page's hero as it will look, the slide (its draft applied) among the
 * active slides in their order, opened on that slide and paused there. The frame is the home page's (index.astro).
 */
import type { SliderHeroPreview } from '../../shared/sliders-admin.ts';
import { HeroTrack } from './HeroCarousel.tsx';

export default function HeroPreview({ preview }: { preview: SliderHeroPreview }) {
  const { slide, slides } = preview;
  const at = Math.max(
    0,
    slides.findIndex((shown) => shown._id === slide._id),
  );
  return (
    <section
      className="relative h-[calc(100svh-4rem)] min-h-[30rem] overflow-hidden bg-gray-900 text-white"
      aria-label="Highlights"
      aria-roledescription="carousel"
    >
      <HeroTrack slides={slides} initial={at} startPaused />
    </section>
  );
}
