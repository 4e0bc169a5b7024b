import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BlogBrowser from '../../../src/components/blog/BlogBrowser.tsx';
import BlogGrid from '../../../src/components/blog/BlogGrid.tsx';
import { fetchBlogs } from '../../../src/lib/api/content.ts';
import { blogSection, toBlogSummary } from '../../../src/lib/filters/blogs.ts';
import { defaultCategories } from '../../../src/shared/default-categories.ts';
import type { Blog } from '../../../src/shared/types.ts';

vi.mock('../../../src/lib/api/content.ts', () => ({ fetchBlogs: vi.fn() }));

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
function blog(title: string, over: Partial<Blog>): Blog {
  const slug = title.toLowerCase().replaceAll(' ', '-');
  return {
    _id: slug,
    title,
    content: '<p>body</p>',
    caption: '',
    image: '',
    slug,
    category: 'Technology',
    tags: [],
    createdAt: ago(1),
    views: 0,
    comments: [],
    ...over,
  };
}
const POSTS: Blog[] = [
  blog('Slow Travel', { category: 'Travel', createdAt: ago(3), views: 40 }),
  blog('Sourdough', { category: 'Food', createdAt: ago(40), caption: 'A starter, kept alive' }),
  blog('Night Trains', { category: 'Travel', createdAt: ago(200), views: 90 }),
];
const SUMMARIES = POSTS.map(toBlogSummary);

/** The page's arrangement: the build's grid under the default filters is the island's (static) children. */
function openBlogs() {
  const shown = blogSection.apply(SUMMARIES, blogSection.defaults, new Date());
  return render(
    <BlogBrowser categories={defaultCategories('blog')} initial={SUMMARIES}>
      <div data-testid="built">
        <BlogGrid blogs={shown} />
      </div>
    </BlogBrowser>,
  );
}
const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const readMore = () => screen.queryAllByRole('link', { name: /^Read More/ });

beforeEach(() => {
  history.replaceState(null, '', '/blogs');
  vi.mocked(fetchBlogs).mockResolvedValue(structuredClone(POSTS));
});
afterEach(() => vi.restoreAllMocks());

describe('BlogBrowser', () => {
  it('shows the static grid, newest first with Read More links, until a filter changes', async () => {
    openBlogs();
    await act(() => Promise.resolve());
    expect(fetchBlogs).toHaveBeenCalledTimes(1);
    const built = screen.getByTestId('built');
    expect(titles()).toEqual(['Slow Travel', 'Sourdough', 'Night Trains']);
    expect(readMore().map((a) => a.getAttribute('href'))).toEqual([
      '/blogs/slow-travel',
      '/blogs/sourdough',
      '/blogs/night-trains',
    ]);
    expect(screen.getByText('3 posts')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Travel' } });
    expect(built.isConnected).toBe(false);
    expect(titles()).toEqual(['Slow Travel', 'Night Trains']);
    expect(location.search).toBe('?category=Travel');
  });

  it.each([
    ['timeframe', 'Timeframe', 'month', ['Slow Travel']],
    ['sort', 'Sort by', 'most-viewed', ['Night Trains', 'Slow Travel', 'Sourdough']],
    ['sort', 'Sort by', 'oldest', ['Night Trains', 'Sourdough', 'Slow Travel']],
  ])('the %s select (%s = %s) reorders or narrows the list', (key, label, value, expected) => {
    openBlogs();
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
    expect(screen.queryByTestId('built')).toBeNull();
    expect(titles()).toEqual(expected);
    expect(new URLSearchParams(location.search).get(key)).toBe(value);
  });

  it('searches titles and captions, not the post bodies, and shows the empty text', () => {
    openBlogs();
    fireEvent.change(screen.getByPlaceholderText('Search posts...'), { target: { value: 'starter' } });
    expect(titles()).toEqual(['Sourdough']);
    fireEvent.change(screen.getByPlaceholderText('Search posts...'), { target: { value: 'body' } });
    expect(screen.getByText('No blogs found')).toBeTruthy();
    expect(screen.getByText('0 posts')).toBeTruthy();
  });

  it('opens a shared link filtered and Reset Filters brings every post back', async () => {
    history.replaceState(null, '', '/blogs?category=travel&timeframe=year');
    openBlogs();
    await act(() => Promise.resolve());
    const panel = screen.getByRole('region', { name: 'Filters' });
    expect(within(panel).getByLabelText<HTMLSelectElement>('Category').value).toBe('Travel');
    expect(titles()).toEqual(['Slow Travel', 'Night Trains']);
    expect(location.search).toBe('?category=Travel&timeframe=year');

    fireEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(within(panel).getByLabelText<HTMLSelectElement>('Category').value).toBe('all');
    expect(titles()).toEqual(['Slow Travel', 'Sourdough', 'Night Trains']);
    expect(location.search).toBe('');
  });

  it('keeps the static grid when the refresh returns the same posts and takes over when a post was added', async () => {
    vi.mocked(fetchBlogs).mockResolvedValue([...POSTS, blog('Fresh', { createdAt: ago(0) })]);
    openBlogs();
    expect(screen.getByTestId('built')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('built')).toBeNull();
    expect(titles()).toEqual(['Fresh', 'Slow Travel', 'Sourdough', 'Night Trains']);
  });
});
