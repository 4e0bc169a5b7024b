/**
 * The preview page: the item a preview link names, under the banner saying what the preview shows and until when;
 * a product as its shop page shows it (price in the store's currency), a blog post and a simple page as their articles.
 * A link to the site's settings goes on to the home page, which shows the whole site with them.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PreviewReader from '../../../src/components/preview/PreviewReader.tsx';
import { fetchPreview } from '../../../src/lib/api/preview.ts';
import { formatDateTime } from '../../../src/lib/format/dates.ts';
import { formatMoney } from '../../../src/lib/format/money.ts';
import { withCompanyDefaults } from '../../../src/shared/company.ts';
import { PREVIEW_INVALID, type PreviewAnswer } from '../../../src/shared/drafts.ts';
import { withSearchButtonDefaults } from '../../../src/shared/slider.ts';
import { apiError, stubLocation } from './helpers/browser.ts';

vi.mock('../../../src/lib/api/preview.ts', () => ({ fetchPreview: vi.fn() }));

const EXPIRES = '2026-12-04T09:30:00.000Z';

const PRODUCT_PREVIEW: PreviewAnswer = {
  type: 'product',
  draft: true,
  published: true,
  expiresAt: EXPIRES,
  item: {
    _id: 'p1',
    slug: 'mug',
    name: 'Mug XL',
    description: 'Bigger than before.',
    price: 15.5,
    image: '/media/mug.webp',
    images: ['/media/mug.webp'],
    category: 'Gifts',
    tags: ['big'],
    createdAt: '2026-11-01T10:00:00.000Z',
    views: 0,
    stock: 2,
  },
};

const BLOG_PREVIEW: PreviewAnswer = {
  type: 'blog',
  draft: false,
  published: false,
  expiresAt: EXPIRES,
  item: {
    _id: 'b1',
    title: 'Harbour notes',
    content: '<p>Words from the quay</p>',
    caption: '',
    image: '',
    slug: 'harbour-notes',
    category: 'Travel',
    tags: [],
    createdAt: '2026-12-01T10:00:00.000Z',
    views: 0,
    comments: [],
  },
};

const PAGE_PREVIEW: PreviewAnswer = {
  type: 'page',
  draft: true,
  published: true,
  expiresAt: EXPIRES,
  item: {
    _id: 'pg1',
    title: 'Privacy policy',
    slug: 'privacy',
    in_footer: true,
    content:
      '<p>We keep <strong>less</strong>.</p><script>window.leaked = true</script><img src="/media/a.webp" onerror="leak()">',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-12-02T10:00:00.000Z',
  },
};

const VIDEO_PREVIEW: PreviewAnswer = {
  type: 'video',
  draft: true,
  published: true,
  expiresAt: EXPIRES,
  item: {
    _id: 'v1',
    name: 'Harbour at first light',
    title: '',
    description: 'Boats leaving at first light',
    youtube: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    poster: '/media/0b7f3c9e-4d1a-4c55-9a0e-2f6b8d1e7a10.webp',
    category: 'Travel',
    duration: 120,
    quality: '4K',
    tags: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    views: 3,
    likes: 1,
  },
};

const AUDIO_PREVIEW: PreviewAnswer = {
  type: 'audio',
  draft: true,
  published: true,
  expiresAt: EXPIRES,
  item: {
    _id: 'a1',
    name: 'Tide tables, spring',
    title: '',
    description: 'With the equinox.',
    artist: 'The Quay',
    audio_file: '/media/tide.wav',
    cover: '/media/spring-cover.webp',
    type: 'Podcast',
    category: 'Harbour',
    duration: 125,
    quality: '',
    tags: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    plays: 4,
    downloads: 1,
    rating: 0,
    reviews: [],
  },
};

beforeEach(() => {
  history.replaceState(null, '', '/preview?token=abc.def.ghi');
  document.title = 'Preview | Harbour Co';
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('PreviewReader', () => {
  it('shows a product as its page will, its price in the store’s currency, under the banner', async () => {
    vi.mocked(fetchPreview).mockResolvedValueOnce(PRODUCT_PREVIEW);
    render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mug XL' })).toBeTruthy();
    expect(fetchPreview).toHaveBeenCalledWith('abc.def.ghi');
    expect(screen.getByText(formatMoney(1550, 'EUR'))).toBeTruthy();
    expect(screen.getByText('Bigger than before.')).toBeTruthy();
    const banner = screen.getByRole('complementary', { name: 'Preview' });
    expect(banner.textContent).toBe(
      `Preview. Unpublished changes: visitors still see the published version. This link works until ${formatDateTime(EXPIRES)}.`,
    );
    expect(document.title).toBe('Preview: Mug XL | Harbour Co');
    // No related products: the preview shows the one item.
    expect(screen.queryByRole('heading', { name: 'Related products' })).toBeNull();
    // The cart is not the preview's: the button is there as on the page, doing nothing, and says why.
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add to cart' });
    expect(add.disabled).toBe(true);
    expect(add.hasAttribute('data-add-to-cart')).toBe(false);
    expect(screen.getByText('Adding to the cart works on the published page.')).toBeTruthy();
  });

  it('shows a blog post as its article, named by its title', async () => {
    vi.mocked(fetchPreview).mockResolvedValueOnce(BLOG_PREVIEW);
    render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour notes' })).toBeTruthy();
    expect(screen.getByText('Words from the quay')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Preview' }).textContent).toMatch(
      /Not published yet: visitors cannot see this page\./,
    );
    expect(document.title).toBe('Preview: Harbour notes | Harbour Co');
  });

  it('shows a simple page as its article, its content sanitised as the build sanitises it', async () => {
    vi.mocked(fetchPreview).mockResolvedValueOnce(PAGE_PREVIEW);
    const { container } = render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(container.querySelector('article time')?.getAttribute('datetime')).toBe('2026-12-02T10:00:00.000Z');
    expect(container.querySelector('.blog-content')?.innerHTML).toBe(
      '<p>We keep <strong>less</strong>.</p><img src="/media/a.webp">',
    );
    expect(screen.getByRole('complementary', { name: 'Preview' }).textContent).toMatch(
      /Unpublished changes: visitors still see the published version\./,
    );
    expect(document.title).toBe('Preview: Privacy policy | Harbour Co');
  });

  it('shows a plan on the pricing page as it will look, in its new place among the published plans', async () => {
    const studio = {
      id: 'pl1',
      name: 'Studio',
      description: 'For teams',
      price: 39,
      price_cents: 3900,
      billing_period: 'month' as const,
      features: ['10 projects'],
      highlighted: true,
    };
    const starter = { ...studio, id: 'pl2', name: 'Starter', price: 9, price_cents: 900, highlighted: false };
    vi.mocked(fetchPreview).mockResolvedValueOnce({
      type: 'plan',
      draft: true,
      published: true,
      expiresAt: EXPIRES,
      item: { plan: studio, plans: [studio, starter] },
    });
    const { container } = render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    expect([...container.querySelectorAll('[data-plan]')].map((card) => card.getAttribute('data-plan'))).toEqual([
      'Studio',
      'Starter',
    ]);
    expect(screen.getByText(formatMoney(3900, 'EUR'))).toBeTruthy();
    expect(screen.getByText('Most popular')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Studio features' }).textContent).toContain('10 projects');
    expect(document.title).toBe('Preview: Studio | Harbour Co');
  });

  it('shows a video as its card on the Videos page, its poster to play', async () => {
    vi.mocked(fetchPreview).mockResolvedValueOnce(VIDEO_PREVIEW);
    render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Videos' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Harbour at first light' })).toBeTruthy();
    expect(screen.getByText('Boats leaving at first light')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play Harbour at first light' }).querySelector('img')?.src).toContain(
      '/media/0b7f3c9e-4d1a-4c55-9a0e-2f6b8d1e7a10.webp',
    );
    expect(document.title).toBe('Preview: Harbour at first light | Harbour Co');
  });

  it('shows an audio item as its page will, its player counting no play (audio-preview.test.tsx)', async () => {
    vi.mocked(fetchPreview).mockResolvedValueOnce(AUDIO_PREVIEW);
    const { container } = render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tide tables, spring' })).toBeTruthy();
    expect(screen.getByText('With the equinox.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play Tide tables, spring' })).toBeTruthy();
    expect(container.querySelectorAll('[data-live-count], [data-audio-download]')).toHaveLength(0);
    expect(document.title).toBe('Preview: Tide tables, spring | Harbour Co');
  });

  it('shows a photo as its card on the Photos page, the draft’s words under the photo’s own picture', async () => {
    vi.mocked(fetchPreview).mockResolvedValueOnce({
      type: 'photo',
      draft: true,
      published: true,
      expiresAt: EXPIRES,
      item: {
        _id: 'ph1',
        title: 'Harbour at dawn',
        caption: 'Boats leaving at first light',
        image: '/media/9c1d2e3f-4a5b-4c6d-8e7f-001122334455.webp',
        tags: ['sea'],
        category: 'Nature',
        resolution: 'HD 720p',
        createdAt: '2026-11-20T10:00:00.000Z',
        views: 3,
        likes: 2,
        downloads: 0,
        published: true,
      },
    });
    render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Photos' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Harbour at dawn' })).toBeTruthy();
    expect(screen.getByText('Boats leaving at first light')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Harbour at dawn full size' }).querySelector('img')?.src).toContain(
      '/media/9c1d2e3f-4a5b-4c6d-8e7f-001122334455.webp',
    );
    expect(document.title).toBe('Preview: Harbour at dawn | Harbour Co');
  });

  it('shows a document as the Documents page lists it, its download left to the published page', async () => {
    vi.mocked(fetchPreview).mockResolvedValueOnce({
      type: 'document',
      draft: true,
      published: true,
      expiresAt: EXPIRES,
      item: {
        id: 'd1',
        title: 'Price list 2027',
        description: 'Every price of the year.',
        download_name: 'Price list.pdf',
        content_type: 'application/pdf',
        bytes: 1536,
        created_at: '2026-11-01T10:00:00.000Z',
        url: '/api/documents/d1/download',
      },
    });
    render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Price list 2027' })).toBeTruthy();
    expect(screen.getByText('Every price of the year.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Download Price list 2027/ }).disabled).toBe(true);
    expect(document.title).toBe('Preview: Price list 2027 | Harbour Co');
  });

  it('shows an event as its page will, its booking inert (event-preview.test.tsx)', async () => {
    vi.mocked(fetchPreview).mockResolvedValueOnce({
      type: 'event',
      draft: true,
      published: true,
      expiresAt: EXPIRES,
      item: {
        _id: 'e1',
        slug: 'harbour-festival',
        name: 'Harbour festival, night',
        title: '',
        description: 'Lanterns at dusk.',
        image: '',
        address: '1 Quay Street',
        city: 'Portsmouth',
        start_date: '2030-07-01T16:00:00.000Z',
        end_date: '2030-07-01T19:00:00.000Z',
        date: '2030-07-01T16:00:00.000Z',
        location: 'The old dock',
        category: 'Music',
        eventType: 'local',
        isVirtual: false,
        registrations: 1,
        price: 12.5,
        timeZone: 'Europe/Paris',
      },
    });
    const { container } = render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour festival, night' })).toBeTruthy();
    expect(screen.getByText(formatMoney(1250, 'EUR'))).toBeTruthy();
    expect(screen.getByText('Registration works on the published page.')).toBeTruthy();
    expect(container.querySelectorAll('form, [data-event-tickets], [data-event-registration]')).toHaveLength(0);
    expect(document.title).toBe('Preview: Harbour festival, night | Harbour Co');
  });

  it('shows a hero slide as the home page’s hero, opened on the slide among the active ones (hero-preview.test.tsx)', async () => {
    const slide = (id: string, title: string) => ({
      _id: id,
      title,
      subtitle: '',
      link: '',
      order: 0,
      type: 'photo' as const,
      image: '',
      button1_text: '',
      button1_link: '',
      button2_text: '',
      button2_link: '',
      contentAlignment: 'center' as const,
      isActive: true,
      isGlobalSettings: false,
      company: 'c1',
      searchButton: withSearchButtonDefaults({}),
    });
    const summer = slide('s2', 'Summer menu');
    vi.mocked(fetchPreview).mockResolvedValueOnce({
      type: 'slider',
      draft: true,
      published: true,
      expiresAt: EXPIRES,
      item: { slide: summer, slides: [slide('s1', 'Autumn sale'), summer] },
    });
    render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { name: 'Summer menu' })).toBeTruthy();
    // The other slides are there, hidden until the carousel moves to them.
    expect(screen.getByRole('heading', { name: 'Autumn sale', hidden: true })).toBeTruthy();
    expect(screen.getByText(/Unpublished changes: visitors still see the published version/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true');
    expect(document.title).toBe('Preview: Summer menu | Harbour Co');
  });

  it.each(['company', 'theme'] as const)(
    'goes on to the home page with a link to the %s settings, which the page keeps for the tab',
    async (type) => {
      const navigation = stubLocation('/preview?token=abc.def.ghi');
      vi.mocked(fetchPreview).mockResolvedValueOnce({
        type,
        draft: true,
        published: true,
        expiresAt: EXPIRES,
        item: withCompanyDefaults({ name: 'Harbour Co, renamed' }),
      });
      render(<PreviewReader currency="EUR" />);
      await vi.waitFor(() => expect(navigation.replace).toHaveBeenCalledWith('/?site-preview=abc.def.ghi'));
      expect(fetchPreview).toHaveBeenCalledWith('abc.def.ghi');
      // Nothing of an item's preview: the page stays as it loads until the browser leaves it.
      expect(screen.queryByRole('complementary', { name: 'Preview' })).toBeNull();
      expect(document.title).toBe('Preview | Harbour Co');
    },
  );

  it('says why when the link is refused', async () => {
    vi.mocked(fetchPreview).mockRejectedValueOnce(apiError(401, { message: PREVIEW_INVALID }));
    render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { name: 'Preview unavailable' })).toBeTruthy();
    expect(screen.getByText(PREVIEW_INVALID)).toBeTruthy();
  });
});
