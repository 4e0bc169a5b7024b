import hydrateAstroIsland from '@astrojs/react/client.js';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { afterEach, assert, beforeEach, describe, expect, it, vi } from 'vitest';
import ProductGrid from '../../../src/components/shop/ProductGrid.tsx';
import ShopBrowser from '../../../src/components/shop/ShopBrowser.tsx';
import { shopSectionFor } from '../../../src/lib/filters/shop.ts';
import { toShopListItem, type ShopListItem } from '../../../src/lib/lists/list-data.ts';
import { listPageItems } from '../../../src/lib/lists/list-pages.ts';
import { defaultCategories } from '../../../src/shared/default-categories.ts';
import type { Product } from '../../../src/shared/types.ts';
import { settle, stubListData, type ListDataStub } from './helpers/list-data.ts';

const DATA_URL = '/data/products.0123456789ab.json';

function product(id: string, over: Partial<Product>): ShopListItem {
  const slug = id.toLowerCase().replace(/\s+/g, '-');
  return toShopListItem({
    _id: id,
    slug,
    name: id,
    description: '',
    price: 10,
    image: `/media/${id}.webp`,
    category: 'Books',
    tags: [],
    createdAt: '2026-06-01T00:00:00Z',
    views: 0,
    stock: 5,
    ...over,
  });
}

const PRODUCTS: ShopListItem[] = [
  product('Linen Shirt', { category: 'Clothing', price: 59, createdAt: '2026-06-03T00:00:00Z', tags: ['summer'] }),
  product('Field Guide', { category: 'Books', price: 24, createdAt: '2026-06-05T00:00:00Z' }),
  product('Desk Lamp', { category: 'Electronics', price: 120, createdAt: '2026-06-04T00:00:00Z' }),
  product('Poetry', { category: 'Books', price: 12, createdAt: '2026-06-01T00:00:00Z' }),
];
/** A new site's product categories, as the build reads them from GET /api/categories. */
const CATEGORIES = defaultCategories('product').map(({ name, slug }) => ({ name, slug }));
const shopSection = shopSectionFor<ShopListItem>(CATEGORIES);
const byDefault = shopSection.apply(PRODUCTS, shopSection.defaults, new Date()).map((p) => p.name);

let island: HTMLElement;
let data: ListDataStub;

/**
 * What the shop's first page does: the build orders the data file's items by the default filters, Astro renders the
 * first 24 as <ProductGrid> (no directive) to static HTML inside the island's server render as <astro-slot>, and in
 * the browser @astrojs/react's client hydrates the island with that HTML as its children; the island then fetches
 * the data file (answered by the stub; `hold` keeps the answer back). Returns the card elements the build wrote.
 */
async function openShop(
  items: ShopListItem[] = PRODUCTS,
  {
    categories = CATEGORIES,
    priceBounds,
    currency = 'USD',
    hold = false,
    served = DATA_URL,
  }: {
    categories?: typeof CATEGORIES;
    priceBounds?: number[];
    currency?: string;
    hold?: boolean;
    /** Where the stub serves the data file (another address: the island's request is answered 404). */
    served?: string;
  } = {},
): Promise<HTMLElement[]> {
  data = stubListData(served, items, { hold });
  const section = shopSectionFor<ShopListItem>(categories, priceBounds, currency);
  const ordered = section.apply(items, section.defaults, new Date());
  const grid = renderToStaticMarkup(<ProductGrid products={listPageItems(ordered, 1)} currency={currency} />);
  const props = {
    categories,
    currency,
    source: { dataUrl: DATA_URL, total: ordered.length },
    ...(priceBounds ? { priceBounds } : {}),
  };
  const slot = createElement('astro-slot', { dangerouslySetInnerHTML: { __html: grid } });
  island = document.createElement('astro-island');
  island.setAttribute('ssr', '');
  island.setAttribute('prefix', 'r1');
  island.innerHTML = renderToString(<ShopBrowser {...props}>{slot}</ShopBrowser>, { identifierPrefix: 'r1' });
  document.body.append(island);
  const built = [...island.querySelectorAll('article')];
  const errors = vi.spyOn(console, 'error');
  await act(() => {
    hydrateAstroIsland(island)(ShopBrowser, props, { default: grid }, { client: 'idle' });
    return Promise.resolve();
  });
  // The data file's answer arrives (unless held) and is rendered.
  await settle();
  // A mismatch would make React render the island again from scratch, and say so.
  expect(errors.mock.calls.filter((call) => /hydrat/i.test(String(call[0])))).toEqual([]);
  return built;
}

const names = () => [...island.querySelectorAll('article h2')].map((h) => h.textContent);
const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);
const change = (element: HTMLElement, value: string) =>
  act(() => Promise.resolve(fireEvent.change(element, { target: { value } })));
const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));
const expectSame = (built: HTMLElement[]) => {
  const now = [...island.querySelectorAll('article')];
  expect(now).toHaveLength(built.length);
  now.forEach((card, i) => expect(card).toBe(built[i]));
};

beforeEach(() => {
  history.replaceState(null, '', '/shop');
  // jsdom loads no images: none has failed unless a test says so.
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
});

afterEach(() => {
  island.dispatchEvent(new Event('astro:unmount'));
  island.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ShopBrowser', () => {
  it('keeps the static grid the build rendered through hydration and the data load: no card is rendered by React', async () => {
    const built = await openShop();
    expect(built).toHaveLength(PRODUCTS.length);
    expect(data.dataRequests()).toBe(1);
    expect(data.fetch.mock.calls[0]?.[0]).toBe(DATA_URL);
    expectSame(built);
    expect(island.querySelector('astro-slot ul')).not.toBeNull();
    expect(names()).toEqual(byDefault);
    expect(screen.getByText(`${PRODUCTS.length} products`)).toBeTruthy();
    expect(location.search).toBe('');
  });

  it('shows the count it was given before any change, and Loading… after a change until the data arrives', async () => {
    const built = await openShop(PRODUCTS, { hold: true });
    expect(screen.getByText('4 products')).toBeTruthy();
    await change(select('Category'), 'Books');
    expect(screen.getByText('Loading…')).toBeTruthy();
    // The page's own cards stay while the data is on its way.
    expectSame(built);
    expect(location.search).toBe('?category=Books');
    await data.release();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByText('2 products')).toBeTruthy();
    expect(names()).toEqual(['Field Guide', 'Poetry']);
    expect(built.some((card) => card.isConnected)).toBe(false);
    expect(data.dataRequests()).toBe(1);
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
    // Every change filters the data already loaded.
    expect(data.dataRequests()).toBe(1);
  });

  it("orders Most Popular by the data file's views", async () => {
    await openShop(PRODUCTS.map((p) => ({ ...p, views: p.name === 'Poetry' ? 90 : p.name === 'Desk Lamp' ? 40 : 1 })));
    await change(select('Sort by'), 'popular');
    expect(names().slice(0, 2)).toEqual(['Poetry', 'Desk Lamp']);
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
    await click('Reset Filters');
    expect([select('Category').value, select('Price').value, select('Sort by').value]).toEqual([
      'all',
      'all',
      'newest',
    ]);
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('');
    expect(names()).toEqual(byDefault);
    expect(screen.getByText('4 products')).toBeTruthy();
    expect(location.search).toBe('');
  });

  it('reads a shared link: its filters show at once and apply once the data arrives, bad values repaired', async () => {
    history.replaceState(null, '', '/shop?category=books&price=cheap&utm_source=mail');
    const built = await openShop(PRODUCTS, { hold: true });
    expect(select('Category').value).toBe('Books');
    expect(select('Price').value).toBe('all');
    expect(location.search).toBe('?category=Books');
    expect(screen.getByText('Loading…')).toBeTruthy();
    expectSame(built);
    await data.release();
    expect(island.querySelector('astro-slot')).toBeNull();
    expect(names()).toEqual(['Field Guide', 'Poetry']);
    expect(screen.getByText('2 products')).toBeTruthy();
    expect(location.search).toBe('?category=Books');
  });

  it("offers the company's own categories, and reads a link made before a category was renamed", async () => {
    const cakes = product('Lemon Drizzle', { category: 'Cakes', createdAt: '2026-06-06T00:00:00Z' });
    const renamed = [
      { name: 'Novels', slug: 'books' },
      { name: 'Cakes', slug: 'cakes' },
    ];
    const items = [...PRODUCTS.map((p) => (p.category === 'Books' ? { ...p, category: 'Novels' } : p)), cakes];
    history.replaceState(null, '', '/shop?category=Books');
    await openShop(items, { categories: renamed });
    expect([...select('Category').options].map((o) => o.textContent)).toEqual(['All Categories', 'Novels', 'Cakes']);
    expect(select('Category').value).toBe('Novels');
    expect(names()).toEqual(['Field Guide', 'Poetry']);
    await change(select('Category'), 'Cakes');
    expect(names()).toEqual(['Lemon Drizzle']);
    expect(location.search).toBe('?category=Cakes');
  });

  it('shows 24 of more than 24 matches, 24 more per Show more, and starts again at 24 for new filters', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      product(`Item ${String(i).padStart(2, '0')}`, {
        category: i < 50 ? 'Books' : 'Clothing',
        createdAt: new Date(Date.UTC(2026, 5, 1) + i * 60_000).toISOString(),
      }),
    );
    const built = await openShop(many);
    // The build's first page: 24 static cards, no button, and the whole list's count.
    expect(built).toHaveLength(24);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.getByText('60 products')).toBeTruthy();

    await change(select('Category'), 'Books');
    expect(screen.getByText('50 products')).toBeTruthy();
    expect(names()).toHaveLength(24);
    expect(names()[0]).toBe('Item 49');
    await click('Show more');
    expect(names()).toHaveLength(48);
    await click('Show more');
    expect(names()).toHaveLength(50);
    expect(names().at(-1)).toBe('Item 00');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    await change(select('Sort by'), 'price-asc');
    expect(names()).toHaveLength(24);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
    expect(data.dataRequests()).toBe(1);
  });

  it('keeps the static grid when the data file cannot be loaded, and says so on the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const built = await openShop(PRODUCTS, { served: '/data/products.ffffffffffff.json' });
    expect(data.fetch).toHaveBeenCalledTimes(1);
    expectSame(built);
    expect(screen.getByText('4 products')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to load the list:', expect.stringContaining('404'));
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

  it('an empty build keeps its static empty text when the data file is empty too', async () => {
    await openShop([]);
    expect(island.querySelector('astro-slot p')?.textContent).toBe('No products available.');
    expect(screen.getByText('0 products')).toBeTruthy();
  });

  it("offers the store's own price bands in its currency, and filters by them", async () => {
    await openShop(PRODUCTS, { priceBounds: [2000, 6000], currency: 'EUR' });
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
