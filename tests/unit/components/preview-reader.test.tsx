/**
 * The preview page: the item a preview link names, under the banner saying what the preview shows and until when;
 * a product as its shop page shows it (price in the store's currency), a blog post and a simple page as their articles.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PreviewReader from '../../../src/components/preview/PreviewReader.tsx';
import { fetchPreview } from '../../../src/lib/api/preview.ts';
import { formatDateTime } from '../../../src/lib/format/dates.ts';
import { formatMoney } from '../../../src/lib/format/money.ts';
import { PREVIEW_INVALID, type PreviewAnswer } from '../../../src/shared/drafts.ts';
import { apiError } from './helpers/browser.ts';

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

beforeEach(() => {
  history.replaceState(null, '', '/preview?token=abc.def.ghi');
  document.title = 'Preview | Harbour Co';
});
afterEach(() => vi.clearAllMocks());

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

  it('says why when the link is refused', async () => {
    vi.mocked(fetchPreview).mockRejectedValueOnce(apiError(401, { message: PREVIEW_INVALID }));
    render(<PreviewReader currency="EUR" />);
    expect(await screen.findByRole('heading', { name: 'Preview unavailable' })).toBeTruthy();
    expect(screen.getByText(PREVIEW_INVALID)).toBeTruthy();
  });
});
