/**
 * The branding applier on a built page: a settings preview's answer applied under the preview banner (until when its
 * link works, End preview), a refused link's banner, and what applying settings changes beyond the colours: the name
 * beside the logo, the brand story, the About page's texts and the home page's sections.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ABOUT_DEFAULTS, ABOUT_SECTIONS } from '../../../src/lib/about.ts';
import { applyBranding, applySettingsPreview, showSettingsPreview } from '../../../src/lib/browser/apply-branding.ts';
import { formatDateTime } from '../../../src/lib/format/dates.ts';
import { withCompanyDefaults, type CompanyInput } from '../../../src/shared/company.ts';
import { PREVIEW_EXPIRED, PREVIEW_INVALID, type PreviewAnswer } from '../../../src/shared/drafts.ts';
import { HOME_SECTIONS, type HomeSectionKey } from '../../../src/shared/home-layout.ts';
import {
  END_PREVIEW,
  PREVIEW_NOT_LOADED,
  SETTINGS_PREVIEW_BANNER,
  SITE_PREVIEW_PARAM,
} from '../../../src/shared/site-preview.ts';
import type { Company } from '../../../src/shared/types.ts';
import { stubLocation } from './helpers/browser.ts';
import { stubLayout } from './helpers/layout.ts';

const EXPIRES = '2026-12-04T09:30:00.000Z';
const HEADER_NAME = 'hidden min-w-0 truncate text-lg font-semibold sm:inline';

/** The header and the side menu as SiteHeader.astro writes them for a name shown beside the logo. */
const HEADER = `
<header class="fixed inset-x-0 top-0">
  <a href="/"><img data-brand-logo="light" src="/logo.png" alt="Harbour Co">
    <span class="${HEADER_NAME}" data-brand="name" data-name-beside-logo="header">Harbour Co</span></a>
</header>
<div id="side-menu"><span class="flex min-w-0 items-center">
  <span class="flex min-w-0" data-wordmark hidden><img data-brand-logo="light" src="/logo.png" alt="Harbour Co"></span>
  <span class="min-w-0 truncate text-lg font-semibold" data-brand="name" data-name-beside-logo="menu">Harbour Co</span>
</span></div>`;

/** The home page as index.astro writes it: each section in its element, the brand story hidden (no description). */
const HOME = `
<main>
  <div data-home-section="hero"><section aria-label="Highlights">The hero</section></div>
  <div data-home-section="featured"><section>Featured</section></div>
  <div data-home-section="posts"><section>Latest posts</section></div>
  <div data-home-section="story">
    <section aria-labelledby="brand-story-heading" data-brand-item="description" hidden>
      <h2 id="brand-story-heading" data-brand="tagline">Welcome to our platform</h2>
      <p data-brand="description"></p>
      <a href="/about">More about <span data-brand="name">Harbour Co</span></a>
    </section>
  </div>
  <div data-home-section="newsletter"><section>Newsletter</section></div>
</main>
<footer>Footer</footer>`;

/** The About page's texts as about.astro writes them, with the page's defaults for blank settings. */
const ABOUT = `
<main>
  <h1 data-about="name">${ABOUT_DEFAULTS.name}</h1>
  <p data-about="tagline">${ABOUT_DEFAULTS.tagline}</p>
  <p data-about="description">${ABOUT_DEFAULTS.description}</p>
  ${ABOUT_SECTIONS.map((s) => `<article data-about-section><h2>${s.title}</h2><p>${s.text}</p></article>`).join('')}
</main>`;

const company = (over: CompanyInput = {}): Company => withCompanyDefaults({ name: 'Harbour Co', ...over });

const settingsAnswer = (item: Company, type: 'company' | 'theme' = 'company'): PreviewAnswer => ({
  type,
  draft: true,
  published: true,
  expiresAt: EXPIRES,
  item,
});

const banner = () => screen.queryByRole('complementary', { name: 'Preview' });
const homeOrder = () =>
  [...document.querySelectorAll<HTMLElement>('[data-home-section]')].map((el) => el.dataset['homeSection']);
const hiddenSections = () =>
  [...document.querySelectorAll<HTMLElement>('[data-home-section]')]
    .filter((el) => el.hidden)
    .map((el) => el.dataset['homeSection']);

/** The home sections in `order`, those in `hidden` hidden, the rest after them, shown. */
function homeSections(order: HomeSectionKey[], hidden: HomeSectionKey[] = []) {
  const rest = HOME_SECTIONS.filter((section) => !order.includes(section));
  return [...order, ...rest].map((section) => ({ section, visible: !hidden.includes(section) }));
}

let restoreLayout: () => void;
beforeEach(() => {
  document.title = 'Home | Harbour Co';
  document.body.innerHTML = HEADER + HOME;
  sessionStorage.setItem(SITE_PREVIEW_PARAM, 'abc.def.ghi');
  // jsdom lays nothing out: every element 48 px tall, as the banner on one line would be.
  restoreLayout = stubLayout(1280, 48);
});
afterEach(() => {
  restoreLayout();
  vi.unstubAllGlobals();
  document.body.removeAttribute('style');
});

describe('a settings preview', () => {
  it.each(['company', 'theme'] as const)(
    'shows the site with the %s draft under a banner saying until when the link works',
    (type) => {
      stubLocation('/');
      applySettingsPreview(
        200,
        settingsAnswer(company({ name: 'Harbour & Sons', description: 'Boats since 1890.' }), type),
        'Harbour Co',
      );
      expect(document.querySelector('[data-name-beside-logo="header"]')?.textContent).toBe('Harbour & Sons');
      expect(document.title).toBe('Home | Harbour & Sons');
      expect(screen.getByText('Boats since 1890.')).toBeTruthy();

      const aside = banner();
      expect(aside).toBeTruthy();
      // Above everything, and the page and the fixed header moved down by its height.
      expect(document.body.firstElementChild).toBe(aside);
      expect(aside?.textContent).toBe(
        `${SETTINGS_PREVIEW_BANNER} This link works until ${formatDateTime(EXPIRES)}.${END_PREVIEW}`,
      );
      expect(aside?.querySelector('time')?.getAttribute('datetime')).toBe(EXPIRES);
      expect(document.body.style.paddingTop).toBe('48px');
      expect(document.querySelector<HTMLElement>('body > header')?.style.top).toBe('48px');
      // Styled by classes and the DOM only: the policy refuses inline style attributes.
      expect(aside?.outerHTML).not.toMatch(/style=/);
    },
  );

  it('ends the preview for the tab with End preview and shows the published site again', () => {
    const navigation = stubLocation('/');
    applySettingsPreview(200, settingsAnswer(company()), 'Harbour Co');
    fireEvent.click(screen.getByRole('button', { name: END_PREVIEW }));
    expect(sessionStorage.getItem(SITE_PREVIEW_PARAM)).toBeNull();
    expect(navigation.reload).toHaveBeenCalledOnce();
  });

  it('shows one banner however often it is applied', () => {
    applySettingsPreview(200, settingsAnswer(company()), 'Harbour Co');
    applySettingsPreview(200, settingsAnswer(company()), 'Harbour Co');
    expect(screen.getAllByRole('complementary', { name: 'Preview' })).toHaveLength(1);
  });

  it('says why a refused link shows nothing, leaves the preview, and closes', () => {
    applySettingsPreview(404, { message: PREVIEW_EXPIRED }, 'Harbour Co');
    expect(sessionStorage.getItem(SITE_PREVIEW_PARAM)).toBeNull();
    expect(banner()?.textContent).toBe(`${PREVIEW_EXPIRED}Close`);
    expect(screen.queryByRole('button', { name: END_PREVIEW })).toBeNull();
    // The page keeps the settings it was built with.
    expect(document.querySelector('[data-name-beside-logo="header"]')?.textContent).toBe('Harbour Co');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(banner()).toBeNull();
    expect(document.body.style.paddingTop).toBe('');
    expect(document.querySelector<HTMLElement>('body > header')?.style.top).toBe('');
  });

  it('writes the refusal as text, never as markup', () => {
    applySettingsPreview(404, { message: '<img src=x onerror="window.leaked=1">' }, 'Harbour Co');
    expect(banner()?.querySelector('img')).toBeNull();
    expect(banner()?.textContent).toContain('<img src=x onerror="window.leaked=1">');
  });

  it('refuses a link to an item, or a refusal without words, as a link that is not valid', () => {
    const blog = { type: 'blog', draft: true, published: true, expiresAt: EXPIRES, item: { title: 'Harbour notes' } };
    applySettingsPreview(200, blog, 'Harbour Co');
    expect(banner()?.textContent).toBe(`${PREVIEW_INVALID}Close`);
    expect(sessionStorage.getItem(SITE_PREVIEW_PARAM)).toBeNull();

    sessionStorage.setItem(SITE_PREVIEW_PARAM, 'abc.def.ghi');
    applySettingsPreview(404, null, 'Harbour Co');
    expect(banner()?.textContent).toBe(`${PREVIEW_INVALID}Close`);
    expect(sessionStorage.getItem(SITE_PREVIEW_PARAM)).toBeNull();
  });

  it('says so when the preview could not be asked for (offline), keeping the link for the next page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await showSettingsPreview('Harbour Co');
    expect(banner()?.textContent).toBe(`${PREVIEW_NOT_LOADED}${END_PREVIEW}`);
    expect(sessionStorage.getItem(SITE_PREVIEW_PARAM)).toBe('abc.def.ghi');
  });

  it('takes a refusal without a JSON body as one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(new Response('Not Found', { status: 404 }))),
    );
    await showSettingsPreview('Harbour Co');
    expect(banner()?.textContent).toBe(`${PREVIEW_INVALID}Close`);
    expect(sessionStorage.getItem(SITE_PREVIEW_PARAM)).toBeNull();
  });

  it('shows nothing for an empty link outside a preview', async () => {
    sessionStorage.clear();
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    history.replaceState(null, '', `/?${SITE_PREVIEW_PARAM}=`);
    await showSettingsPreview('Harbour Co');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(banner()).toBeNull();
    expect(location.search).toBe('');
  });

  it('keeps the link when the API could not answer, for the next page to try again', () => {
    applySettingsPreview(503, null, 'Harbour Co');
    expect(banner()?.textContent).toBe(`${PREVIEW_NOT_LOADED}${END_PREVIEW}`);
    expect(sessionStorage.getItem(SITE_PREVIEW_PARAM)).toBe('abc.def.ghi');
    applySettingsPreview(429, { message: 'Too many requests. Please wait a moment.' }, 'Harbour Co');
    expect(banner()?.textContent).toBe(`Too many requests. Please wait a moment.${END_PREVIEW}`);
  });
});

describe('applying settings to a built page', () => {
  it('shows the logo alone when it spells out the name, the name kept for screen readers, and back', () => {
    applyBranding(company({ logo_shows_name: true }), 'Harbour Co');
    const names = [...document.querySelectorAll('[data-name-beside-logo]')];
    expect(names.map((el) => [el.className, el.textContent])).toEqual([
      ['sr-only', 'Harbour Co'],
      ['sr-only', 'Harbour Co'],
    ]);
    expect(document.querySelector<HTMLElement>('[data-wordmark]')?.hidden).toBe(false);

    applyBranding(company({ logo_shows_name: false }), 'Harbour Co');
    expect(names.map((el) => el.className)).toEqual([HEADER_NAME, 'min-w-0 truncate text-lg font-semibold']);
    expect(document.querySelector<HTMLElement>('[data-wordmark]')?.hidden).toBe(true);
  });

  it('tells the description in the brand story, which a blank one hides', () => {
    const story = screen.getByRole('heading', { name: 'Welcome to our platform', hidden: true }).closest('section');
    applyBranding(company({ description: 'Boats since 1890.', tagline: 'Built by hand' }), 'Harbour Co');
    expect(story?.hidden).toBe(false);
    expect(story?.querySelector('[data-brand="description"]')?.textContent).toBe('Boats since 1890.');
    expect(screen.getByRole('heading', { name: 'Built by hand' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'More about Harbour Co' })).toBeTruthy();

    applyBranding(company({ description: '   ' }), 'Harbour Co');
    expect(story?.hidden).toBe(true);
  });

  it('orders the home page’s sections as the settings do and hides the ones they hide', () => {
    applyBranding(company({ home_sections: homeSections(['story', 'newsletter', 'hero'], ['posts']) }), 'Harbour Co');
    // Events and products were hidden when the page was built: not on the page, they cannot be shown.
    expect(homeOrder()).toEqual(['story', 'newsletter', 'hero', 'featured', 'posts']);
    expect(hiddenSections()).toEqual(['posts']);
    // The sections stay where they were, between the page's start and its footer.
    expect(document.querySelector('main')?.nextElementSibling?.tagName).toBe('FOOTER');

    applyBranding(company(), 'Harbour Co');
    expect(homeOrder()).toEqual(['hero', 'featured', 'posts', 'story', 'newsletter']);
    expect(hiddenSections()).toEqual([]);
  });

  it('moves no section when the order is already the settings’ (an island moved is started again)', () => {
    const main = document.querySelector('main');
    if (!main) throw new Error('no main');
    const observer = new MutationObserver(() => undefined);
    observer.observe(main, { childList: true });
    applyBranding(company({ home_sections: homeSections([], ['featured']) }), 'Harbour Co');
    expect(observer.takeRecords()).toEqual([]);
    expect(hiddenSections()).toEqual(['featured']);
    observer.disconnect();
  });

  it('writes the About page’s texts, with the page’s own defaults for blank ones', () => {
    document.body.innerHTML = HEADER + ABOUT;
    const texts = () =>
      [...document.querySelectorAll('[data-about], [data-about-section] p')].map((el) => el.textContent);
    applyBranding(
      company({
        tagline: 'Built by hand',
        description: 'Boats since 1890.',
        about_story: 'Founded in a boathouse.\nNow on the quay.',
        about_vision: 'Every harbour a home.',
      }),
      'Harbour Co',
    );
    expect(texts()).toEqual([
      'Harbour Co',
      'Built by hand',
      'Boats since 1890.',
      'Founded in a boathouse.\nNow on the quay.',
      ABOUT_SECTIONS[1]?.text,
      'Every harbour a home.',
    ]);

    // Blank settings (the name left at the site's default) show the About page's defaults again.
    applyBranding(withCompanyDefaults(null), 'Harbour Co');
    expect(texts()).toEqual([
      ABOUT_DEFAULTS.name,
      ABOUT_DEFAULTS.tagline,
      ABOUT_DEFAULTS.description,
      ...ABOUT_SECTIONS.map((s) => s.text),
    ]);
  });
});
