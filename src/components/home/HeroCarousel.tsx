/**
 * The home hero: keen-slider with dots and no arrows, autoplay that pauses on hover and focus, refreshed from the API.
 * A pause/play button stops the rotation for good (WCAG 2.2.2); a polite live region names the slide shown, silent
 * while the slides rotate by themselves (WAI carousel pattern).
 */
import 'keen-slider/keen-slider.min.css';
import { useKeenSlider, type KeenSliderInstance, type KeenSliderOptions } from 'keen-slider/react';
import { useEffect, useMemo, useRef, useState } from 'react';
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
      .catch((error: unknown) =>
        console.error('Failed to load sliders:', error instanceof Error ? error.message : error),
      );
    return () => {
      live = false;
    };
  }, [fallback]);

  // A different set of slides gets a fresh slider (keen-slider reads its slides when it is created).
  return <HeroTrack key={slides.map((slide) => slide._id).join(' ')} slides={slides} />;
}

interface TrackProps {
  slides: Slider[];
  /** The slide shown first (a preview opens on the slide it previews). */
  initial?: number;
  /** Starts paused, as if the visitor had pressed Pause (a preview stays on its slide). */
  startPaused?: boolean;
}

/** The slides in their carousel, without the refresh from the API (a preview shows the slides it is given). */
export function HeroTrack({ slides, initial = 0, startPaused = false }: TrackProps) {
  const count = slides.length;
  const [current, setCurrent] = useState(initial);
  const [ready, setReady] = useState(false);
  // Read once in the browser; the server renders as if motion were allowed, and nothing rendered depends on it before `ready`.
  const [reduced] = useState(() => prefersReducedMotion(typeof window === 'undefined' ? undefined : window));

  // The visitor's pause or play, once pressed; until then paused under reduced motion (shown once the slider is ready,
  // as the server renders as if motion were allowed). A ref as well, so the timer reads it.
  const [choice, setChoice] = useState<boolean | null>(startPaused ? true : null);
  const paused = choice ?? (ready && reduced);
  const pausedRef = useRef(startPaused || reduced);
  // Focus inside holds the rotation (autoplay.ts): slide changes are the visitor's then, and are announced.
  const [held, setHeld] = useState(false);

  const options = useMemo<KeenSliderOptions>(
    () => ({
      initial,
      loop: shouldLoop(count),
      drag: count > 1,
      slides: { perView: 1 },
      defaultAnimation: { duration: reduced ? 0 : HERO_SPEED_MS },
      created: () => setReady(true),
      slideChanged: (slider) => setCurrent(slider.track.details.rel),
    }),
    [count, reduced, initial],
  );
  // Autoplay's timer skips its turn while paused; Play starts it again (below).
  const plugins = useMemo(() => {
    const play = autoplay({ interval: HERO_AUTOPLAY_MS, reducedMotion: false });
    return [
      (slider: KeenSliderInstance) =>
        play({
          container: slider.container,
          get slides() {
            return slider.slides;
          },
          next: () => {
            if (!pausedRef.current) slider.next();
          },
          on: (hook, callback) => slider.on(hook, callback),
        }),
    ];
  }, []);
  const [sliderRef, instance] = useKeenSlider<HTMLDivElement>(options, plugins);

  const togglePaused = () => {
    pausedRef.current = !paused;
    setChoice(!paused);
    // Play is asked for while the pointer or focus is on the button, which would hold the rotation: it starts now.
    const root = instance.current?.container;
    if (paused && root) for (const type of ['mouseout', 'focusout']) root.dispatchEvent(new Event(type));
    if (paused) setHeld(false);
  };

  return (
    <div
      ref={sliderRef}
      className="keen-slider h-full"
      data-hero-ready={ready ? '' : undefined}
      onFocus={() => setHeld(true)}
      onBlur={(event) => setHeld(event.currentTarget.contains(event.relatedTarget))}
    >
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
        <p className="sr-only" aria-live={paused || held ? 'polite' : 'off'} aria-atomic="true">
          {`Slide ${current + 1} of ${count}: ${slides[current]?.title ?? ''}`}
        </p>
      )}
      {count > 1 && (
        <div
          className="absolute inset-x-0 bottom-6 z-20 flex items-center justify-center gap-1"
          data-keen-slider-clickable
        >
          <button
            type="button"
            className="mr-1 flex h-8 w-8 items-center justify-center rounded-full bg-black/45 text-white ring-1 ring-white/40 hover:bg-black/65 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            aria-label={paused ? 'Play slides' : 'Pause slides'}
            onClick={togglePaused}
          >
            <svg viewBox="0 0 16 16" width="14" height="14" fill="currentColor" aria-hidden="true">
              <path d={paused ? 'M4 2.5v11l9-5.5z' : 'M4 2.5h3v11H4zm5 0h3v11H9z'} />
            </svg>
          </button>
          <div className="flex gap-1" role="group" aria-label="Slides">
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
        </div>
      )}
    </div>
  );
}
