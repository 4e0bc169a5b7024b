import hydrateAstroIsland from '@astrojs/react/client.js';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { afterEach, assert, beforeEach, describe, expect, it, vi } from 'vitest';
import ProductGrid from '../../../src/components/shop/ProductGrid.tsx';
import ShopBrowser from '../../../src/components/shop/ShopBrowser.tsx';
import { fetchProducts } from '../../../src/lib/api/content.ts';
import { shopSection } from '../../../src/lib/filters/shop.ts';
import { defaultCategories } from '../../../src/shared/default-categories.ts';
import type { Product } from '../../../src/shared/types.ts';

// The network: the API client module is mocked where the islands import it.
vi.mock('../../../src/lib/api/content.ts', () => ({ fetchProducts: vi.fn() }));

function product(id: string, over: Partial<Product>): Product {
  const slug = id.toLowerCase().replace(/\s+/g, '-');
  return {
    _id: id,
    slug,
    name: id,
    description: '',
    price: 10,
    image: `/media/${id}.webp`,
    images: [`/media/${id}.webp`],
    category: 'Books',
    tags: [],
    createdAt: '2026-06-01T00:00:00Z',
    views: 0,
    stock: 5,
    ...over,
  };
}

const PRODUCTS: Product[] = [
  product('Linen Shirt', { category: 'Clothing', price: 59, createdAt: '2026-06-03T00:00:00Z', tags: ['summer'] }),
  product('Field Guide', { category: 'Books', price: 24, createdAt: '2026-06-05T00:00:00Z' }),
  product('Desk Lamp', { category: 'Electronics', price: 120, createdAt: '2026-06-04T00:00:00Z' }),
  product('Poetry', { category: 'Books', price: 12, createdAt: '2026-06-01T00:00:00Z' }),
];
/** A new site's product categories, as the build reads them from GET /api/categories. */
const CATEGORIES = defaultCategories('product').map(({ name, slug }) => ({ name, slug }));
const byDefault = shopSection.apply(PRODUCTS, shopSection.defaults, new Date()).map((p) => p.name);

let island: HTMLElement;

/**
 * What the shop page does: Astro renders <ProductGrid> (no directive) to static HTML, puts it inside the island's
 * server render as <astro-slot>, and in the browser @astrojs/react's client hydrates the island with that HTML as its
 * children. Returns the card elements the build wrote.
 */
async function openShop(
  initial: Product[] = PRODUCTS,
  categories = CATEGORIES,
  { priceBounds, currency = 'USD' }: { priceBounds?: number[]; currency?: string } = {},
): Promise<HTMLElement[]> {
  const grid = renderToStaticMarkup(
    <ProductGrid products={shopSection.apply(initial, shopSection.defaults, new Date())} currency={currency} />,
  );
  const store = priceBounds ? { priceBounds, currency } : { currency };
  const slot = createElement('astro-slot', { dangerouslySetInnerHTML: { __html: grid } });
  island = document.createElement('astro-island');
  island.setAttribute('ssr', '');
  island.setAttribute('prefix', 'r1');
  island.innerHTML = renderToString(
    <ShopBrowser categories={categories} initial={initial} {...store}>
      {slot}
    </ShopBrowser>,
    { identifierPrefix: 'r1' },
  );
  document.body.append(island);
  const built = [...island.querySelectorAll('article')];
  const errors = vi.spyOn(console, 'error');
  // The async act(): the hydration and the refresh it starts settle before it returns.
  await act(() => {
    hydrateAstroIsland(island)(ShopBrowser, { categories, initial, ...store }, { default: grid }, { client: 'idle' });
    return Promise.resolve();
  });
  // A mismatch would make React render the island again from scratch, and say so.
  expect(errors.mock.calls.filter((call) => /hydrat/i.test(String(call[0])))).toEqual([]);
  return built;
}

const names = () => [...island.querySelectorAll('article h2')].map((h) => h.textContent);
const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);
const change = (element: HTMLElement, value: string) =>
  act(() => Promise.resolve(fireEvent.change(element, { target: { value } })));

beforeEach(() => {
  history.replaceState(null, '', '/shop');
  vi.mocked(fetchProducts).mockResolvedValue(structuredClone(PRODUCTS));
  // jsdom loads no images: none has failed unless a test says so.
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
});

afterEach(() => {
  island.dispatchEvent(new Event('astro:unmount'));
  island.remove();
  vi.restoreAllMocks();
});

describe('ShopBrowser', () => {
  it('keeps the static grid the build rendered through hydration and the API refresh: no card is rendered by React', async () => {
    const built = await openShop();
    expect(built).toHaveLength(PRODUCTS.length);
    expect(fetchProducts).toHaveBeenCalledTimes(1);
    const now = [...island.querySelectorAll('article')];
    expect(now).toHaveLength(built.length);
    now.forEach((card, i) => expect(card).toBe(built[i]));
    expect(island.querySelector('astro-slot ul')).not.toBeNull();
    expect(names()).toEqual(byDefault);
    expect(screen.getByText(`${PRODUCTS.length} products`)).toBeTruthy();
    expect(location.search).toBe('');
  });

  it('keeps the static grid when only views moved since the build, and sorts Most Popular by the fresh views', async () => {
    vi.mocked(fetchProducts).mockResolvedValue(
      PRODUCTS.map((p) => ({ ...p, views: p.name === 'Poetry' ? 90 : p.name === 'Desk Lamp' ? 40 : 1 })),
    );
    const built = await openShop();
    const now = [...island.querySelectorAll('article')];
    now.forEach((card, i) => expect(card).toBe(built[i]));
    expect(island.querySelector('astro-slot ul')).not.toBeNull();
    await change(select('Sort by'), 'popular');
    expect(names().slice(0, 2)).toEqual(['Poetry', 'Desk Lamp']);
  });

  it('draws its own list when what a card shows changed since the build (a price)', async () => {
    vi.mocked(fetchProducts).mockResolvedValue(PRODUCTS.map((p) => (p.name === 'Poetry' ? { ...p, price: 14 } : p)));
    const built = await openShop();
    expect(island.querySelector('astro-slot')).toBeNull();
    expect(built.some((card) => card.isConnected)).toBe(false);
    expect(island.textContent).toContain('$14');
  });

  it('replaces the static grid with its own filtered list once a filter changes, and writes the query', async () => {
    const built = await openShop();
    await change(select('Category'), 'Books');
    expect(island.querySelector('astro-slot')).toBeNull();
    expect(built.some((card) => card.isConnected)).toBe(false);
    expect(names()).toEqual(['Field Guide', 'Poetry']);
    expect(screen.getByText('2 products')).toBeTruthy();
    expect(location.search).toBe('?category=Books');

    await change(select('Sort by'), 'price-asc');
    expect(names()).toEqual(['Poetry', 'Field Guide']);
    expect(location.search).toBe('?category=Books&sort=price-asc');
  });

  it('filters as the visitor types, down to the empty text', async () => {
    await openShop();
    await change(screen.getByRole('searchbox'), 'summer');
    expect(names()).toEqual(['Linen Shirt']);
    expect(screen.getByText('1 product')).toBeTruthy();
    expect(location.search).toBe('?q=summer');
    await change(screen.getByRole('searchbox'), 'zzzz');
    expect(names()).toEqual([]);
    expect(screen.getByText('No products available.')).toBeTruthy();
  });

  it('Reset Filters restores every default, the full list and a bare URL', async () => {
    await openShop();
    await change(select('Category'), 'Electronics');
    await change(select('Price'), '100-500');
    expect(names()).toEqual(['Desk Lamp']);
    await act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name: 'Reset Filters' }))));
    expect([select('Category').value, select('Price').value, select('Sort by').value]).toEqual([
      'all',
      'all',
      'newest',
    ]);
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('');
    expect(names()).toEqual(byDefault);
    expect(location.search).toBe('');
  });

  it('reads a shared link on mount: its filters apply, bad values are repaired in the URL', async () => {
    history.replaceState(null, '', '/shop?category=books&price=cheap&utm_source=mail');
    await openShop();
    expect(select('Category').value).toBe('Books');
    expect(select('Price').value).toBe('all');
    expect(island.querySelector('astro-slot')).toBeNull();
    expect(names()).toEqual(['Field Guide', 'Poetry']);
    expect(location.search).toBe('?category=Books');
  });

  it("offers the company's own categories, and reads a link made before a category was renamed", async () => {
    const cakes = product('Lemon Drizzle', { category: 'Cakes', createdAt: '2026-06-06T00:00:00Z' });
    const renamed = [
      { name: 'Novels', slug: 'books' },
      { name: 'Cakes', slug: 'cakes' },
    ];
    const items = [...PRODUCTS.map((p) => (p.category === 'Books' ? { ...p, category: 'Novels' } : p)), cakes];
    vi.mocked(fetchProducts).mockResolvedValue(structuredClone(items));
    history.replaceState(null, '', '/shop?category=Books');
    await openShop(items, renamed);
    expect([...select('Category').options].map((o) => o.textContent)).toEqual(['All Categories', 'Novels', 'Cakes']);
    expect(select('Category').value).toBe('Novels');
    expect(names()).toEqual(['Field Guide', 'Poetry']);
    await change(select('Category'), 'Cakes');
    expect(names()).toEqual(['Lemon Drizzle']);
    expect(location.search).toBe('?category=Cakes');
  });

  it('takes over the list when the API refresh brings different items', async () => {
    const added = product('Gift Card', { category: 'Accessories', createdAt: '2026-06-09T00:00:00Z' });
    vi.mocked(fetchProducts).mockResolvedValue([...PRODUCTS, added]);
    await openShop();
    expect(island.querySelector('astro-slot')).toBeNull();
    expect(names()).toEqual(['Gift Card', ...byDefault]);
    expect(screen.getByText(`${PRODUCTS.length + 1} products`)).toBeTruthy();
  });

  it('keeps the static grid when the refresh fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(fetchProducts).mockRejectedValue(new Error('offline'));
    const built = await openShop();
    expect(island.querySelector('article')).toBe(built[0]);
    expect(console.error).toHaveBeenCalledWith('Failed to refresh the list:', 'offline');
  });

  it('gives the static cards the image priorities and the placeholder fallback without hydrating them', async () => {
    const built = await openShop();
    const imgs = built.map((card) => {
      const img = card.querySelector('img');
      assert(img, 'every card has a picture');
      return img;
    });
    expect(imgs.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'low'],
      ['eager', 'low'],
      ['lazy', null],
    ]);
    expect(built.every((card) => card.closest('li')?.className.includes('content-visibility-auto'))).toBe(true);
    const [first, second] = imgs;
    assert(first && second, 'two cards');
    fireEvent.error(first);
    expect(first.getAttribute('src')).toBe('/placeholder.webp');
    expect(first.parentElement?.querySelectorAll('source')).toHaveLength(0);
    const secondProduct = PRODUCTS.find((p) => p.name === byDefault[1]);
    assert(secondProduct, 'the second product in the default order');
    expect(second.getAttribute('src')).toBe(`/media/${secondProduct._id}.webp`);
  });

  it('shows the placeholder for a static picture that failed before hydration', async () => {
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(0);
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockImplementation(function (this: HTMLImageElement) {
      return this.alt === 'Desk Lamp';
    });
    await openShop();
    const lamp = within(island).getByRole('img', { name: 'Desk Lamp' });
    expect(lamp.getAttribute('src')).toBe('/placeholder.webp');
    expect(within(island).getByRole('img', { name: 'Poetry' }).getAttribute('src')).toBe('/media/Poetry.webp');
  });

  it('an empty build shows the empty text until the refresh brings products', async () => {
    await openShop([]);
    expect(names()).toEqual(byDefault);
    expect(island.querySelector('astro-slot')).toBeNull();
    expect(screen.queryByText('No products available.')).toBeNull();
  });

  it('an empty build keeps its static empty text while the API has nothing either', async () => {
    vi.mocked(fetchProducts).mockResolvedValue([]);
    await openShop([]);
    expect(island.querySelector('astro-slot p')?.textContent).toBe('No products available.');
    expect(screen.getByText('0 products')).toBeTruthy();
  });

  it("offers the store's own price bands in its currency, and filters by them", async () => {
    await openShop(PRODUCTS, CATEGORIES, { priceBounds: [2000, 6000], currency: 'EUR' });
    expect([...select('Price').options].map((option) => [option.value, option.text])).toEqual([
      ['all', 'All Prices'],
      ['under-20', 'Under €20'],
      ['20-60', '€20-€60'],
      ['over-60', 'Over €60'],
    ]);
    await change(select('Price'), '20-60');
    expect(names()).toEqual(['Field Guide', 'Linen Shirt']);
    expect(location.search).toBe('?price=20-60');
  });
});
