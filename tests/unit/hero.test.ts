import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autoplay, prefersReducedMotion, type AutoplayHook, type AutoplaySlider } from '../../src/lib/hero/autoplay.ts';
import { FOR_YOU_EMPTY, FOR_YOU_FAILED, forYouView } from '../../src/lib/hero/for-you.ts';
import {
  hoverClass,
  searchButtonStyle,
  searchPlacement,
  searchTarget,
  speechRecognition,
  transcriptOf,
} from '../../src/lib/hero/search.ts';
import {
  alignmentClasses,
  defaultSlide,
  heroSlides,
  shouldLoop,
  slideButtons,
  withFallback,
} from '../../src/lib/hero/slides.ts';
import {
  isFromPlayer,
  isPlayingMessage,
  PLAYER_LISTENING_MESSAGE,
  slideMedia,
  videoFileSrc,
} from '../../src/lib/hero/video.ts';
import { videoEmbedSrc } from '../../src/shared/video-embed.ts';
import { withCompanyDefaults } from '../../src/shared/company.ts';
import { HERO_AUTOPLAY_MS, SEARCH_BUTTON_DEFAULTS } from '../../src/shared/constants.ts';
import { withSearchButtonDefaults } from '../../src/shared/slider.ts';
import type { Slider } from '../../src/shared/types.ts';

const company = withCompanyDefaults({
  _id: 'c1',
  name: 'Northwind Studio',
  tagline: 'Made to last',
  hero_image: '/media/hero.webp',
  cta_text: 'Shop now',
  cta_link: '/shop',
});

const slider = (over: Partial<Slider> = {}): Slider => ({
  ...defaultSlide(company),
  _id: 's1',
  title: 'A slide',
  ...over,
});

describe('defaultSlide', () => {
  it('is built from the theme settings: name, tagline, hero image and call to action', () => {
    const slide = defaultSlide(company);
    expect(slide).toMatchObject({
      title: 'Northwind Studio',
      subtitle: 'Made to last',
      image: '/media/hero.webp',
      button1_text: 'Shop now',
      button1_link: '/shop',
      button2_text: '',
      type: 'photo',
      contentAlignment: 'center',
      company: 'c1',
    });
    expect(slide.searchButton).toEqual(withSearchButtonDefaults({}));
  });

  it('uses the section 9 brand defaults when the company has none', () => {
    const slide = defaultSlide(withCompanyDefaults(null));
    expect(slide.title).toBe('Brand');
    expect(slide.subtitle).toBe('Welcome to our platform');
  });
});

describe('heroSlides and withFallback', () => {
  it('gives the default slide when there are no sliders', () => {
    expect(heroSlides([], company)).toEqual([defaultSlide(company)]);
    expect(withFallback([], slider({ _id: 'f' })).map((s) => s._id)).toEqual(['f']);
  });

  it('keeps the sliders, in order, when there are any', () => {
    const list = [slider({ _id: 'a' }), slider({ _id: 'b' })];
    expect(heroSlides(list, company).map((s) => s._id)).toEqual(['a', 'b']);
    expect(withFallback(list, slider({ _id: 'f' })).map((s) => s._id)).toEqual(['a', 'b']);
  });
});

describe('shouldLoop', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [5, true],
  ])('with %i slides loops: %s', (count, expected) => {
    expect(shouldLoop(count)).toBe(expected);
  });
});

describe('alignmentClasses', () => {
  it.each([
    ['left', 'items-start', 'justify-start'],
    ['center', 'items-center', 'justify-center'],
    ['right', 'items-end', 'justify-end'],
    ['', 'items-center', 'justify-center'],
    ['diagonal', 'items-center', 'justify-center'],
  ])('lays out %o content with %s / %s', (alignment, column, row) => {
    const classes = alignmentClasses(alignment);
    expect(classes.column).toContain(column);
    expect(classes.row).toBe(row);
  });
});

describe('slideButtons', () => {
  it.each([
    [
      'two buttons',
      { button1_text: 'Shop', button1_link: '/shop', button2_text: 'About', button2_link: 'acme.com/about' },
      [
        { text: 'Shop', href: '/shop' },
        { text: 'About', href: 'https://acme.com/about' },
      ],
    ],
    [
      'a button without text is left out',
      { button1_text: '  ', button1_link: '/shop', button2_text: 'About', button2_link: '/about' },
      [{ text: 'About', href: '/about' }],
    ],
    [
      'a button without a link is left out',
      { button1_text: 'Shop', button1_link: '', button2_text: '', button2_link: '' },
      [],
    ],
    [
      'an unsafe link is left out',
      {
        button1_text: 'Click',
        button1_link: 'javascript:alert(1)',
        button2_text: 'Data',
        button2_link: 'data:text/html,x',
      },
      [],
    ],
  ] as const)('%s', (_, input, expected) => {
    expect(slideButtons(input)).toEqual(expected);
  });
});

describe('searchTarget', () => {
  it.each([
    ['linen', '/search?q=linen'],
    ['  linen shirt  ', '/search?q=linen%20shirt'],
    ['a&b=c', '/search?q=a%26b%3Dc'],
    ['café', '/search?q=caf%C3%A9'],
    ['', null],
    ['   ', null],
    ['\t\n', null],
  ])('goes from %o to %o', (query, expected) => {
    expect(searchTarget(query)).toBe(expected);
  });
});

describe('searchPlacement', () => {
  it.each([
    ['left', 'above', 'flex-row-reverse'],
    ['right', 'above', ''],
    ['inline', 'inline', 'flex-1'],
    ['below', 'below', ''],
    ['center', 'above', ''],
    ['', 'above', ''],
    ['top', 'above', ''],
  ])('puts a %o search box %s with %o', (position, slot, className) => {
    const placement = searchPlacement(position);
    expect(placement.slot).toBe(slot);
    if (className) expect(placement.className).toContain(className);
    else expect(placement.className).toBe('');
  });
});

describe('search button style', () => {
  it('passes plain colours and lengths through', () => {
    expect(searchButtonStyle(SEARCH_BUTTON_DEFAULTS.style)).toEqual({
      'background-color': '#0091ea',
      color: '#ffffff',
      'border-radius': '6px',
      padding: '0.5rem 1rem',
    });
  });

  it('drops anything that is not a plain colour or length', () => {
    const style = {
      ...SEARCH_BUTTON_DEFAULTS.style,
      backgroundColor: 'red;position:fixed',
      textColor: 'url(x)',
      borderRadius: 'calc(1px)',
      padding: '1rem; top: 0',
    };
    expect(searchButtonStyle(style)).toEqual({});
  });

  it.each([
    ['darken', 'hover:brightness-90'],
    ['lighten', 'hover:brightness-110'],
    ['scale', 'hover:scale-105'],
    ['underline', 'hover:underline'],
    ['wobble', 'hover:brightness-90'],
  ])('hover effect %o uses %o', (effect, expected) => {
    expect(hoverClass(effect)).toContain(expected);
  });
});

describe('voice search', () => {
  // A stand-in for the browser's SpeechRecognition class: the lookup hands the constructor back, never calls it.
  class Recognition {
    continuous = false;
  }
  it.each([
    ['the standard constructor', { SpeechRecognition: Recognition }, Recognition],
    ['the webkit-prefixed constructor', { webkitSpeechRecognition: Recognition }, Recognition],
    ['no constructor (microphone hidden)', {}, null],
    ['a non-function value', { SpeechRecognition: 'yes' }, null],
    ['no window', undefined, null],
  ])('finds %s', (_, scope, expected) => {
    expect(speechRecognition(scope)).toBe(expected);
  });

  it('reads the best transcript, trimmed', () => {
    expect(transcriptOf({ results: [[{ transcript: ' linen shirt ' }]] })).toBe('linen shirt');
    expect(transcriptOf({ results: [] })).toBe('');
  });
});

describe('videoEmbedSrc', () => {
  const params = 'autoplay=1&mute=1&playsinline=1&loop=1&playlist=aqz-KE-bpKQ&controls=0&enablejsapi=1';
  it.each([
    [
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      `https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?${params}`,
    ],
    ['https://youtube-nocookie.com/embed/aqz-KE-bpKQ', `https://youtube-nocookie.com/embed/aqz-KE-bpKQ?${params}`],
    [
      'https://www.youtube.com/embed/aqz-KE-bpKQ?start=10&autoplay=0',
      `https://www.youtube.com/embed/aqz-KE-bpKQ?${params}`,
    ],
    ['https://YouTube.com/embed/aqz-KE-bpKQ/', `https://youtube.com/embed/aqz-KE-bpKQ?${params}`],
    ['http://www.youtube.com/embed/aqz-KE-bpKQ', null],
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', null],
    ['https://youtu.be/aqz-KE-bpKQ', null],
    ['https://evil.example/embed/aqz-KE-bpKQ', null],
    ['https://www.youtube.com.evil.example/embed/aqz-KE-bpKQ', null],
    ['https://user:pw@www.youtube.com/embed/aqz-KE-bpKQ', null],
    ['https://www.youtube.com/embed/aqz-KE-bpKQ/extra', null],
    ['https://www.youtube.com/embed/<script>', null],
    ['javascript:alert(1)', null],
    ['', null],
  ])('turns %o into %o', (link, expected) => {
    expect(videoEmbedSrc(link)).toBe(expected);
  });
});

describe('videoFileSrc and slideMedia', () => {
  it.each([
    ['https://cdn.example/clip.mp4', 'https://cdn.example/clip.mp4'],
    ['https://cdn.example/clip.WEBM?v=2', 'https://cdn.example/clip.WEBM?v=2'],
    ['/media/abc.mp4', '/media/abc.mp4'],
    ['http://cdn.example/clip.mp4', null],
    ['https://cdn.example/clip.mov', null],
    ['/media/../secret.mp4', null],
    ['/other/clip.mp4', null],
    ['', null],
  ])('plays %o as %o', (link, expected) => {
    expect(videoFileSrc(link)).toBe(expected);
  });

  it.each([
    [
      'a photo slide shows its image, whatever its link',
      { type: 'photo', link: 'https://www.youtube.com/embed/aqz-KE-bpKQ' },
      'image',
    ],
    [
      'a video slide with an embed link plays the embed',
      { type: 'video', link: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ' },
      'embed',
    ],
    ['a video slide with a file link plays the file', { type: 'video', link: 'https://cdn.example/clip.mp4' }, 'file'],
    ['a video slide with an unusable link shows its image', { type: 'video', link: 'https://vimeo.com/1' }, 'image'],
  ] as const)('%s', (_, slide, kind) => {
    expect(slideMedia(slide).kind).toBe(kind);
  });
});

describe('forYouView', () => {
  it.each([
    [4, 'loading', 'cards'],
    [4, 'done', 'cards'],
    [4, 'failed', 'cards'],
    [0, 'loading', 'loading'],
    [0, 'done', 'empty'],
    [0, 'failed', 'failed'],
  ] as const)('with %i items and status %s shows %s', (count, status, view) => {
    expect(forYouView(count, status)).toBe(view);
  });

  it('uses the two texts of the error catalogue', () => {
    expect(FOR_YOU_FAILED).toBe('Failed to load recommendations');
    expect(FOR_YOU_EMPTY).toBe('No recommendations available');
  });
});

describe('prefersReducedMotion', () => {
  it.each([
    ['reduce', { matchMedia: () => ({ matches: true }) }, true],
    ['no preference', { matchMedia: () => ({ matches: false }) }, false],
    ['no matchMedia', {}, false],
    ['no window', undefined, false],
  ])('%s gives %s', (_, scope, expected) => {
    expect(prefersReducedMotion(scope)).toBe(expected);
  });
});

/** A stand-in for a keen-slider instance: an event target as container, hooks, and next() that animates. */
function fakeSlider(slideCount: number) {
  const hooks = new Map<AutoplayHook, (() => void)[]>();
  const container = new EventTarget();
  const emit = (hook: AutoplayHook) => {
    for (const callback of hooks.get(hook) ?? []) callback();
  };
  const next = vi.fn(() => emit('animationEnded'));
  const slider: AutoplaySlider = {
    container,
    slides: Array.from({ length: slideCount }),
    next,
    on: (hook, callback) => hooks.set(hook, [...(hooks.get(hook) ?? []), callback]),
  };
  const fire = (type: string) => container.dispatchEvent(new Event(type));
  return { slider, next, emit, fire };
}

function start(slideCount: number, reducedMotion = false) {
  const fake = fakeSlider(slideCount);
  autoplay({ interval: HERO_AUTOPLAY_MS, reducedMotion })(fake.slider);
  fake.emit('created');
  return fake;
}

describe('autoplay plugin', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('advances after 3000 ms, and again 3000 ms after each slide change', () => {
    const { next } = start(3);
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS - 1);
    expect(next).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(next).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS);
    expect(next).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['mouseover', 'mouseout'],
    ['focusin', 'focusout'],
  ])('pauses on %s and resumes on %s', (pause, resume) => {
    const { next, fire } = start(3);
    vi.advanceTimersByTime(2000);
    fire(pause);
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS * 5);
    expect(next).not.toHaveBeenCalled();
    fire(resume);
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS - 1);
    expect(next).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('stays paused while focus remains inside after the pointer leaves', () => {
    const { next, fire } = start(3);
    fire('mouseover');
    fire('focusin');
    fire('mouseout');
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS * 3);
    expect(next).not.toHaveBeenCalled();
    fire('focusout');
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('stops while dragging and restarts when the drag animation ends', () => {
    const { next, emit } = start(3);
    vi.advanceTimersByTime(2000);
    emit('dragStarted');
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS * 2);
    expect(next).not.toHaveBeenCalled();
    emit('animationEnded');
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['reduced motion', 3, true],
    ['a single slide', 1, false],
    ['no slides', 0, false],
  ])('never advances with %s', (_, slides, reduced) => {
    const { next, fire, emit } = start(slides, reduced);
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS * 5);
    fire('mouseout');
    fire('focusout');
    emit('animationEnded');
    emit('updated');
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS * 5);
    expect(next).not.toHaveBeenCalled();
  });

  it('clears its timer and listeners when the slider is destroyed', () => {
    const { next, emit, fire } = start(3);
    vi.advanceTimersByTime(2000);
    emit('destroyed');
    expect(vi.getTimerCount()).toBe(0);
    fire('mouseout');
    emit('updated');
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS * 5);
    expect(next).not.toHaveBeenCalled();
  });

  it('does nothing before the slider is created', () => {
    const fake = fakeSlider(3);
    autoplay({ interval: HERO_AUTOPLAY_MS, reducedMotion: false })(fake.slider);
    fake.emit('updated');
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS * 2);
    expect(fake.next).not.toHaveBeenCalled();
  });
});

describe('video slide poster', () => {
  it.each([
    ['a state change to playing', { event: 'onStateChange', info: 1 }, true],
    ['a state change to buffering', { event: 'onStateChange', info: 3 }, false],
    ['an info delivery while playing', { event: 'infoDelivery', info: { playerState: 1, currentTime: 2 } }, true],
    ['an initial delivery while unstarted', { event: 'initialDelivery', info: { playerState: -1 } }, false],
    ['an info delivery without a state', { event: 'infoDelivery', info: { currentTime: 2 } }, false],
    ['the player being ready', { event: 'onReady', info: null }, false],
    ['an error', { event: 'onError', info: 150 }, false],
  ])('treats %s from the player accordingly', (_name, message, playing) => {
    expect(isPlayingMessage(JSON.stringify(message))).toBe(playing);
  });

  it('ignores anything that is not a player message', () => {
    for (const data of [
      null,
      1,
      { event: 'onStateChange', info: 1 },
      'not json',
      'null',
      '"playing"',
      JSON.stringify({ event: 'infoDelivery', info: 1 }),
    ]) {
      expect(isPlayingMessage(data)).toBe(false);
    }
  });

  it('asks the player to report its state the way the IFrame API does', () => {
    expect(JSON.parse(PLAYER_LISTENING_MESSAGE)).toEqual({ event: 'listening', id: 1, channel: 'widget' });
  });

  it('accepts messages only from the embedded window at the embed origin', () => {
    const win = {};
    const frame = { contentWindow: win };
    const src = 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1';
    expect(isFromPlayer({ origin: 'https://www.youtube-nocookie.com', source: win }, frame, src)).toBe(true);
    expect(isFromPlayer({ origin: 'https://evil.example', source: win }, frame, src)).toBe(false);
    expect(isFromPlayer({ origin: 'https://www.youtube-nocookie.com', source: {} }, frame, src)).toBe(false);
    expect(isFromPlayer({ origin: 'https://www.youtube-nocookie.com', source: win }, null, src)).toBe(false);
  });
});
