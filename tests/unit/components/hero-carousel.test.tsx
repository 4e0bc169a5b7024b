import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, assert, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import HeroCarousel from '../../../src/components/home/HeroCarousel.tsx';
import { fetchSliders } from '../../../src/lib/api/content.ts';
import { defaultSlide } from '../../../src/lib/hero/slides.ts';
import { withCompanyDefaults } from '../../../src/shared/company.ts';
import type { Slider } from '../../../src/shared/types.ts';
import { consoleMessages, stubLocation, watchConsoleErrors, type StubbedLocation } from './helpers/browser.ts';
import { stubLayout } from './helpers/layout.ts';

// The island refreshes its slides from GET /api/sliders after hydration; each test says what that answers.
vi.mock('../../../src/lib/api/content.ts', () => ({ fetchSliders: vi.fn() }));

const company = withCompanyDefaults({
  _id: 'c1',
  name: 'Northwind Studio',
  tagline: 'Made to last',
  hero_image: '/media/hero.webp',
  cta_text: 'Explore',
  cta_link: '/about',
});
const fallback = defaultSlide(company);
const slide = (over: Partial<Slider> & Pick<Slider, '_id' | 'title'>): Slider => ({
  ...fallback,
  subtitle: '',
  button1_text: '',
  button1_link: '',
  ...over,
});

const SLIDES: Slider[] = [
  slide({
    _id: 's1',
    title: 'Autumn collection',
    subtitle: 'Warm colours for cold days',
    image: '/media/autumn.webp',
    button1_text: 'Shop now',
    button1_link: '/shop',
    button2_text: 'Read the blog',
    button2_link: 'blog.example.com/autumn',
  }),
  slide({
    _id: 's2',
    title: 'Studio tour',
    subtitle: 'See where it is made',
    button1_text: 'Watch',
    button1_link: 'javascript:alert(1)',
  }),
  slide({ _id: 's3', title: 'Spring sale', image: '/media/spring.webp' }),
];

let nav: StubbedLocation;
let restoreLayout: () => void;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  vi.useFakeTimers();
  restoreLayout = stubLayout();
  nav = stubLocation('/');
  // By default the API answers what the page was built with: nothing changes.
  vi.mocked(fetchSliders).mockResolvedValue(SLIDES.map((s) => ({ ...s })));
  consoleError = watchConsoleErrors();
});

afterEach(() => {
  const logged = consoleMessages(consoleError);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(fetchSliders).mockReset();
  restoreLayout();
  // React reports bad props, state updates outside act() and similar on console.error.
  expect(logged).toEqual([]);
});

/** Renders the island as the page hydrates it and lets the refresh from the API settle. */
async function renderHero(slides: Slider[] = SLIDES) {
  const view = render(<HeroCarousel slides={slides} fallback={fallback} />);
  await act(() => Promise.resolve());
  return view;
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const dots = () => within(screen.getByRole('group', { name: 'Slides' })).getAllByRole('button');
const dot = (n: number) => screen.getByRole('button', { name: `Go to slide ${n}` });
/** The slide a visitor (and a screen reader) sees: the others are aria-hidden and inert. */
const shownTitle = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('HeroCarousel', () => {
  it('shows the first slide with its title, subtitle, image and safe call-to-action links', async () => {
    const { container } = await renderHero();
    expect(shownTitle()).toBe('Autumn collection');
    expect(screen.getByText('Warm colours for cold days')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop now' }).getAttribute('href')).toBe('/shop');
    expect(screen.getByRole('link', { name: 'Read the blog' }).getAttribute('href')).toBe(
      'https://blog.example.com/autumn',
    );
    const current = screen.getByRole('group', { name: '1 of 3' });
    expect(current.getAttribute('aria-roledescription')).toBe('slide');
    expect(current.querySelector('img')?.getAttribute('src')).toBe('/media/autumn.webp');
    expect(current.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
    expect(container.querySelector('[data-hero-ready]')).not.toBeNull();
  });

  it('renders every slide, but only the current one is exposed; the others are hidden and inert', async () => {
    const { container } = await renderHero();
    expect(screen.getAllByRole('group', { name: /^\d of 3$/ }).map((g) => g.getAttribute('aria-label'))).toEqual([
      '1 of 3',
    ]);
    const all = [...container.querySelectorAll('[aria-roledescription="slide"]')];
    expect(all.map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    for (const hidden of all.slice(1)) {
      expect(hidden.getAttribute('aria-hidden')).toBe('true');
      expect(hidden.hasAttribute('inert')).toBe(true);
    }
    expect(all[0]?.hasAttribute('inert')).toBe(false);
    expect(screen.getAllByRole('heading', { level: 2, hidden: true }).map((h) => h.textContent)).toEqual([
      'Autumn collection',
      'Studio tour',
      'Spring sale',
    ]);
    // An unsafe link leaves its button out.
    expect(screen.queryByRole('link', { name: 'Watch', hidden: true })).toBeNull();
  });

  it('has one labelled dot per slide, the first marked current, and no arrows', async () => {
    await renderHero();
    expect(dots().map((d) => d.getAttribute('aria-label'))).toEqual([
      'Go to slide 1',
      'Go to slide 2',
      'Go to slide 3',
    ]);
    expect(dots().map((d) => d.getAttribute('aria-current'))).toEqual(['true', null, null]);
    expect(screen.queryByRole('button', { name: /prev|next|arrow/i })).toBeNull();
  });

  it('a dot moves to its slide and becomes the current one', async () => {
    await renderHero();
    fireEvent.click(dot(3));
    await advance(500);
    expect(shownTitle()).toBe('Spring sale');
    expect(dots().map((d) => d.getAttribute('aria-current'))).toEqual([null, null, 'true']);
    expect(screen.getByRole('group', { name: '3 of 3' })).toBeTruthy();
    fireEvent.click(dot(2));
    await advance(500);
    expect(shownTitle()).toBe('Studio tour');
    expect(dot(2).getAttribute('aria-current')).toBe('true');
  });

  it('advances every 3000 ms and loops from the last slide to the first', async () => {
    await renderHero();
    await advance(2900);
    expect(shownTitle()).toBe('Autumn collection');
    await advance(600);
    expect(shownTitle()).toBe('Studio tour');
    await advance(3500);
    expect(shownTitle()).toBe('Spring sale');
    await advance(3500);
    expect(shownTitle()).toBe('Autumn collection');
    expect(dot(1).getAttribute('aria-current')).toBe('true');
  });

  it('pauses while the pointer is over it, also when it moves between its parts, and resumes when it leaves', async () => {
    await renderHero();
    const title = screen.getByRole('heading', { level: 2 });
    const link = screen.getByRole('link', { name: 'Shop now' });
    fireEvent.mouseOver(title);
    await advance(10_000);
    expect(shownTitle()).toBe('Autumn collection');
    fireEvent.mouseOut(title, { relatedTarget: link });
    fireEvent.mouseOver(link);
    await advance(10_000);
    expect(shownTitle()).toBe('Autumn collection');
    fireEvent.mouseOut(link, { relatedTarget: document.body });
    await advance(3500);
    expect(shownTitle()).toBe('Studio tour');
  });

  it('pauses while focus is inside it and resumes on blur', async () => {
    await renderHero();
    const link = screen.getByRole('link', { name: 'Shop now' });
    act(() => link.focus());
    expect(document.activeElement).toBe(link);
    await advance(10_000);
    expect(shownTitle()).toBe('Autumn collection');
    act(() => link.blur());
    await advance(3500);
    expect(shownTitle()).toBe('Studio tour');
  });

  it('does not advance on its own when the visitor prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    await renderHero();
    await advance(10_000);
    expect(shownTitle()).toBe('Autumn collection');
    // The dots still work.
    fireEvent.click(dot(2));
    await advance(100);
    expect(shownTitle()).toBe('Studio tour');
  });

  it('shows a single slide without dots and keeps it', async () => {
    const [autumn] = SLIDES;
    assert(autumn, 'the first slide');
    vi.mocked(fetchSliders).mockResolvedValue([autumn]);
    await renderHero([autumn]);
    expect(screen.getByRole('group', { name: '1 of 1' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Slides' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Go to slide/ })).toBeNull();
    await advance(10_000);
    expect(shownTitle()).toBe('Autumn collection');
  });

  it('falls back to the one slide from the theme settings when the API has no sliders', async () => {
    vi.mocked(fetchSliders).mockResolvedValue([]);
    await renderHero();
    expect(shownTitle()).toBe('Northwind Studio');
    expect(screen.getByText('Made to last')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore' }).getAttribute('href')).toBe('/about');
    expect(screen.getByRole('group', { name: '1 of 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Go to slide/ })).toBeNull();
  });

  it('shows changed sliders from the API without a rebuild', async () => {
    const [autumn, , spring] = SLIDES;
    assert(autumn && spring, 'the first and third slides');
    vi.mocked(fetchSliders).mockResolvedValue([{ ...autumn, title: 'Fresh from the API' }, spring]);
    await renderHero();
    expect(shownTitle()).toBe('Fresh from the API');
    expect(dots()).toHaveLength(2);
    await advance(3500);
    expect(shownTitle()).toBe('Spring sale');
  });

  it('keeps the built slides when the refresh fails, and logs it', async () => {
    vi.mocked(fetchSliders).mockRejectedValue(new Error('GET /api/sliders answered 503'));
    consoleError.mockImplementation(() => undefined);
    await renderHero();
    expect(consoleError).toHaveBeenCalledWith('Failed to load sliders:', 'GET /api/sliders answered 503');
    consoleError.mockClear();
    expect(shownTitle()).toBe('Autumn collection');
    expect(dots()).toHaveLength(3);
  });

  describe('search box', () => {
    it('goes to /search?q= with the typed query', async () => {
      await renderHero();
      const form = screen.getByRole('search');
      const box = within(form).getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
      expect(box.placeholder).toBe('Search...');
      fireEvent.change(box, { target: { value: '  red shoes ' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
      expect(nav.assign).toHaveBeenCalledWith('/search?q=red%20shoes');
    });

    it('does nothing for a blank query', async () => {
      await renderHero();
      const form = screen.getByRole('search');
      fireEvent.change(within(form).getByRole('searchbox'), { target: { value: '   ' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
      expect(nav.assign).not.toHaveBeenCalled();
    });
  });
});
