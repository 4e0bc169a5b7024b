/** The home hero: keen-slider with dots and no arrows, autoplay that pauses on hover and focus, refreshed from the API. */
import 'keen-slider/keen-slider.min.css';
import { useKeenSlider, type KeenSliderOptions } from 'keen-slider/react';
import { useEffect, useMemo, useState } from 'react';
import { fetchSliders } from '../../lib/api/content.ts';
import { autoplay, prefersReducedMotion } from '../../lib/hero/autoplay.ts';
import { shouldLoop, withFallback } from '../../lib/hero/slides.ts';
import { HERO_AUTOPLAY_MS, HERO_SPEED_MS } from '../../shared/constants.ts';
import type { Slider } from '../../shared/types.ts';
import HeroSlide from './HeroSlide.tsx';

interface Props {
  /** The slides the page was built with (the default slide when there were none). */
  slides: Slider[];
  /** The slide built from the theme settings, for when the refreshed list is empty. */
  fallback: Slider;
}

export default function HeroCarousel({ slides: built, fallback }: Props) {
  const [slides, setSlides] = useState(built);

  // New or changed sliders show without a rebuild; a failed refresh keeps what the page was built with.
  useEffect(() => {
    let live = true;
    fetchSliders()
      .then((list) => {
        const next = withFallback(list, fallback);
        if (live) setSlides((shown) => (JSON.stringify(shown) === JSON.stringify(next) ? shown : next));
      })
      .catch((error: unknown) => console.error('Failed to load sliders:', error instanceof Error ? error.message : error));
    return () => {
      live = false;
    };
  }, [fallback]);

  // A different set of slides gets a fresh slider (keen-slider reads its slides when it is created).
  return <HeroTrack key={slides.map((slide) => slide._id).join(' ')} slides={slides} />;
}

function HeroTrack({ slides }: { slides: Slider[] }) {
  const count = slides.length;
  const [current, setCurrent] = useState(0);
  const [ready, setReady] = useState(false);
  // Read once in the browser; the server renders as if motion were allowed, and nothing rendered depends on it before `ready`.
  const [reduced] = useState(() => prefersReducedMotion(typeof window === 'undefined' ? undefined : window));

  const options = useMemo<KeenSliderOptions>(
    () => ({
      loop: shouldLoop(count),
      drag: count > 1,
      slides: { perView: 1 },
      defaultAnimation: { duration: reduced ? 0 : HERO_SPEED_MS },
      created: () => setReady(true),
      slideChanged: (slider) => setCurrent(slider.track.details.rel),
    }),
    [count, reduced],
  );
  const plugins = useMemo(() => [autoplay({ interval: HERO_AUTOPLAY_MS, reducedMotion: reduced })], [reduced]);
  const [sliderRef, instance] = useKeenSlider<HTMLDivElement>(options, plugins);

  return (
    <div ref={sliderRef} className="keen-slider h-full" data-hero-ready={ready ? '' : undefined}>
      {slides.map((slide, index) => (
        <HeroSlide
          key={slide._id}
          slide={slide}
          index={index}
          count={count}
          active={index === current}
          eager={ready}
          playVideo={ready && !reduced}
        />
      ))}
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-6 z-20 flex justify-center gap-1" role="group" aria-label="Slides" data-keen-slider-clickable>
          {slides.map((slide, index) => (
            <button
              key={slide._id}
              type="button"
              className="group flex h-8 w-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => instance.current?.moveToIdx(index)}
            >
              <span className="block h-2.5 w-2.5 rounded-full bg-white/50 ring-1 ring-black/20 transition-all group-hover:bg-white/80 group-aria-[current=true]:w-7 group-aria-[current=true]:bg-white" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
