/**
 * One hero slide: image (or its muted video while active and really playing; the image stays as its poster when the
 * video cannot load), a dark gradient, title, subtitle, search box and up to two buttons.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { PictureSource } from '../lists/SafeImage.tsx';
import { apiAsset } from '../../lib/api/base.ts';
import { searchPlacement } from '../../lib/hero/search.ts';
import { alignmentClasses, slideButtons } from '../../lib/hero/slides.ts';
import { isFromPlayer, isPlayingMessage, PLAYER_LISTENING_MESSAGE, slideMedia } from '../../lib/hero/video.ts';
import type { Slider } from '../../shared/types.ts';
import HeroSearch from './HeroSearch.tsx';

interface Props {
  slide: Slider;
  index: number;
  count: number;
  active: boolean;
  /** After hydration every image loads at once, so a slide never arrives blank (the pre-rendered page has the first only). */
  eager: boolean;
  /** Videos play only in the browser and never with reduced motion. */
  playVideo: boolean;
}

export default function HeroSlide({ slide, index, count, active, eager, playVideo }: Props) {
  const first = index === 0;
  const media = slideMedia(slide);
  const align = alignmentClasses(slide.contentAlignment);
  const buttons = slideButtons(slide);
  const placement = searchPlacement(slide.searchButton.position);
  const search = slide.searchButton.enabled ? (
    <HeroSearch settings={slide.searchButton} className={placement.className} />
  ) : null;
  const inlineSearch = placement.slot === 'inline' ? search : null;
  const frame = useRef<HTMLIFrameElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const showVideo = playVideo && active && !failed;
  const embedSrc = media.kind === 'embed' ? media.src : '';

  // Leaving the slide stops its video: the image shows again until it plays the next time.
  const [videoShown, setVideoShown] = useState(showVideo);
  if (videoShown !== showVideo) {
    setVideoShown(showVideo);
    if (!showVideo) setPlaying(false);
  }

  const asking = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const stopAsking = () => {
    clearInterval(asking.current);
    asking.current = undefined;
  };

  // The embedded player says when it plays; until then (and for ever if it cannot load) the image stays on top.
  useEffect(() => {
    if (!showVideo || !embedSrc) return;
    const onMessage = (event: MessageEvent) => {
      if (!isFromPlayer(event, frame.current, embedSrc)) return;
      stopAsking();
      if (isPlayingMessage(event.data)) setPlaying(true);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      stopAsking();
    };
  }, [showVideo, embedSrc]);

  // Like the IFrame API's script, ask until the player answers (its script may start after the frame's load event).
  const listenToPlayer = useCallback(() => {
    stopAsking();
    let tries = 0;
    const ask = () => {
      if (++tries > 20) stopAsking();
      try {
        frame.current?.contentWindow?.postMessage(PLAYER_LISTENING_MESSAGE, new URL(embedSrc).origin);
      } catch {
        // A frame that is not the player (an error page) cannot be told anything: the image stays.
      }
    };
    ask();
    asking.current = setInterval(ask, 250);
  }, [embedSrc]);

  return (
    <div
      className="keen-slider__slide relative h-full min-w-full overflow-hidden bg-gray-900"
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      aria-hidden={active ? undefined : true}
      inert={!active}
      data-video={media.kind === 'image' ? undefined : playing ? 'playing' : 'poster'}
    >
      {/* The video sits under the image, which fades out only once the video really plays (its poster otherwise). */}
      {showVideo && media.kind === 'embed' && (
        <iframe
          ref={frame}
          src={media.src}
          title={slide.title || 'Video'}
          allow="autoplay; encrypted-media; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          tabIndex={-1}
          aria-hidden="true"
          onLoad={listenToPlayer}
          className="pointer-events-none absolute left-1/2 top-1/2 h-[max(100%,56.25vw)] w-[max(100%,calc((100svh-4rem)*16/9))] -translate-x-1/2 -translate-y-1/2 border-0"
        />
      )}
      {showVideo && media.kind === 'file' && (
        <video
          src={media.src}
          poster={slide.image ? apiAsset(slide.image) : undefined}
          muted
          autoPlay
          loop
          playsInline
          aria-hidden="true"
          onPlaying={() => setPlaying(true)}
          onError={() => setFailed(true)}
          className="pointer-events-none absolute inset-0 h-full w-full object-cover"
        />
      )}
      {/* The other slides' pictures join once the slider is ready (after the page's load): before that they are out of
          sight, and fetched earlier they would compete with the first slide's picture, the largest paint. */}
      {slide.image && (first || eager) && (
        <picture className="contents">
          <PictureSource src={apiAsset(slide.image)} sizes="100vw" />
          <img
            src={apiAsset(slide.image)}
            alt=""
            width={1920}
            height={1080}
            loading={first || eager ? 'eager' : 'lazy'}
            decoding={first ? 'sync' : 'async'}
            {...(first ? { fetchPriority: 'high' as const } : {})}
            className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-700 ${playing ? 'opacity-0' : ''}`}
            data-hero-poster={media.kind === 'image' ? undefined : ''}
          />
        </picture>
      )}
      <div className="absolute inset-0 bg-gradient-to-t from-black/85 via-black/45 to-black/35" aria-hidden="true" />
      <div className="relative z-10 mx-auto flex h-full max-w-7xl items-center px-6 pb-16 pt-8 sm:px-10">
        <div className={`flex w-full max-w-2xl flex-col gap-5 ${align.column}`}>
          <h2 className="m-0 text-4xl font-bold leading-tight text-white drop-shadow-lg sm:text-6xl">{slide.title}</h2>
          {slide.subtitle && <p className="m-0 text-lg text-gray-100 drop-shadow sm:text-2xl">{slide.subtitle}</p>}
          {placement.slot === 'above' && search}
          {(buttons.length > 0 || inlineSearch) && (
            <div className={`flex w-full flex-wrap items-center gap-3 ${align.row}`} data-keen-slider-clickable>
              {inlineSearch}
              {buttons.map((button, n) => (
                <a
                  key={n}
                  href={button.href}
                  className={`inline-flex items-center justify-center px-6 py-3 font-semibold text-white no-underline transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${n === 0 ? 'brand-button' : 'brand-button-outline bg-black/25 backdrop-blur-sm hover:bg-black/40'}`}
                >
                  {button.text}
                </a>
              ))}
            </div>
          )}
          {placement.slot === 'below' && search}
        </div>
      </div>
    </div>
  );
}
