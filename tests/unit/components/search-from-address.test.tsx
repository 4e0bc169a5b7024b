/**
 * A link may open an admin list filtered to one item (Publish checks' Fix links): Content Management and Manage
 * Products start with their search box filled from ?q=; once the admin edits the search, the address lets go of it.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ContentManager from '../../../src/components/admin/content/ContentManager.tsx';
import type { ContentPanelProps } from '../../../src/components/admin/content/content-tabs.ts';
import ManageProducts from '../../../src/components/admin/products/ManageProducts.tsx';
import { INITIAL_PRODUCTS_QUERY, initialProductsQuery } from '../../../src/components/admin/products/products-list.ts';
import { fetchAdminCategories } from '../../../src/lib/api/admin/categories.ts';
import { fetchAdminProducts } from '../../../src/lib/api/admin/products.ts';
import type { User } from '../../../src/shared/types.ts';

// The screens past the admin check, as an editor (no Version history card); each content tab's panel shows the search
// it was given; the product list and categories answer from memory.
vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'e1', role: 'editor' } as User),
}));
vi.mock('../../../src/components/admin/content/images/ImagesPanel.tsx', () => ({
  default: ({ query }: ContentPanelProps) => <p data-panel="Images">Images panel: {query}</p>,
}));
vi.mock('../../../src/components/admin/content/blogs/BlogsPanel.tsx', () => ({
  default: ({ query }: ContentPanelProps) => <p data-panel="Blogs">Blogs panel: {query}</p>,
}));
vi.mock('../../../src/lib/api/admin/products.ts', async (importOriginal) => ({
  ...(await importOriginal()),
  fetchAdminProducts: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/categories.ts', async (importOriginal) => ({
  ...(await importOriginal()),
  fetchAdminCategories: vi.fn(),
}));

afterEach(() => {
  vi.useRealTimers();
  vi.resetAllMocks();
  history.replaceState(null, '', '/');
});

const panel = () => document.querySelector('[data-panel]')?.textContent;

describe('Content Management opened from a link', () => {
  it('opens the named tab with the search box filled from ?q=', async () => {
    history.replaceState(null, '', '/admin/content?tab=Blogs&q=Spring%20menu');
    render(<ContentManager currency="USD" />);
    expect(await screen.findByText('Blogs panel: Spring menu')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search content' }).value).toBe('Spring menu');
    expect(screen.getByRole('tab', { name: 'Blogs' }).getAttribute('aria-selected')).toBe('true');
  });

  it('trims the search and cuts it to what the box takes', async () => {
    history.replaceState(null, '', `/admin/content?tab=Blogs&q=${encodeURIComponent(`  ${'a'.repeat(250)} `)}`);
    render(<ContentManager currency="USD" />);
    await screen.findByText(/^Blogs panel/);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search content' }).value).toBe('a'.repeat(200));
  });

  it('starts with an empty search without ?q=', async () => {
    history.replaceState(null, '', '/admin/content');
    render(<ContentManager currency="USD" />);
    await screen.findByText(/^Images panel/);
    expect(panel()).toBe('Images panel: ');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search content' }).value).toBe('');
  });

  it('lets go of ?q= in the address once the admin edits the search, keeping the tab', async () => {
    history.replaceState(null, '', '/admin/content?tab=Blogs&q=Spring%20menu');
    render(<ContentManager currency="USD" />);
    await screen.findByText('Blogs panel: Spring menu');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search content' }), { target: { value: 'Spring' } });
    expect(panel()).toBe('Blogs panel: Spring');
    expect(window.location.search).toBe('?tab=Blogs');
  });
});

describe('Manage Products opened from a link', () => {
  it('reads the first query’s search from ?q=, trimmed and cut to length, the rest as by default', () => {
    expect(initialProductsQuery('?q=Blue%20mug')).toEqual({ ...INITIAL_PRODUCTS_QUERY, q: 'Blue mug' });
    expect(initialProductsQuery(`?q=${encodeURIComponent(` ${'b'.repeat(300)}`)}`).q).toBe('b'.repeat(200));
    expect(initialProductsQuery('')).toEqual(INITIAL_PRODUCTS_QUERY);
    expect(initialProductsQuery('?page=3&q=')).toEqual(INITIAL_PRODUCTS_QUERY);
  });

  it('asks for the products matching ?q= first, with the search box filled', async () => {
    vi.mocked(fetchAdminCategories).mockResolvedValue([]);
    vi.mocked(fetchAdminProducts).mockResolvedValue({ results: [], total: 0, page: 1, pageSize: 20 });
    history.replaceState(null, '', '/admin/manage-products?q=Blue%20mug');
    render(<ManageProducts currency="USD" />);
    expect(await screen.findByText('No products found.')).toBeTruthy();
    expect(fetchAdminProducts).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetchAdminProducts).mock.calls[0]?.[0]).toMatchObject({ q: 'Blue mug', page: 1 });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search products' }).value).toBe('Blue mug');
    // The box's pause after the first render searches for what the list already shows: no second request.
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    expect(fetchAdminProducts).toHaveBeenCalledTimes(1);
    expect(window.location.search).toBe('?q=Blue%20mug');

    vi.mocked(fetchAdminProducts).mockClear();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'mug' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    expect(vi.mocked(fetchAdminProducts).mock.calls[0]?.[0]).toMatchObject({ q: 'mug' });
    expect(window.location.search).toBe('');
  });
});
