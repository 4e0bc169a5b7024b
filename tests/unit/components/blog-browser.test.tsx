import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BlogBrowser from '../../../src/components/blog/BlogBrowser.tsx';
import BlogGrid from '../../../src/components/blog/BlogGrid.tsx';
import { blogSection, toBlogSummary } from '../../../src/lib/filters/blogs.ts';
import { defaultCategories } from '../../../src/shared/default-categories.ts';
import type { Blog } from '../../../src/shared/types.ts';
import { settle, stubListData, type ListDataStub } from './helpers/list-data.ts';

const DATA_URL = '/data/blogs.0123456789ab.json';

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

let data: ListDataStub;

/**
 * The page's arrangement: the build's grid under the default filters is the island's (static) children, and the
 * island loads the data file (the blog summaries) after it mounts; `hold` keeps the answer back.
 */
async function openBlogs({ hold = false } = {}) {
  data = stubListData(DATA_URL, SUMMARIES, { hold });
  const shown = blogSection.apply(SUMMARIES, blogSection.defaults, new Date());
  render(
    <BlogBrowser categories={defaultCategories('blog')} source={{ dataUrl: DATA_URL, total: shown.length }}>
      <div data-testid="built">
        <BlogGrid blogs={shown} />
      </div>
    </BlogBrowser>,
  );
  await settle();
}
const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const readMore = () => screen.queryAllByRole('link', { name: /^Read More/ });

beforeEach(() => history.replaceState(null, '', '/blogs'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BlogBrowser', () => {
  it('shows the static grid, newest first with Read More links, until a filter changes', async () => {
    await openBlogs();
    expect(data.dataRequests()).toBe(1);
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
    expect(screen.getByText('2 posts')).toBeTruthy();
    expect(location.search).toBe('?category=Travel');
    expect(data.dataRequests()).toBe(1);
  });

  it.each([
    ['timeframe', 'Timeframe', 'month', ['Slow Travel']],
    ['sort', 'Sort by', 'most-viewed', ['Night Trains', 'Slow Travel', 'Sourdough']],
    ['sort', 'Sort by', 'oldest', ['Night Trains', 'Sourdough', 'Slow Travel']],
  ])('the %s select (%s = %s) reorders or narrows the list', async (key, label, value, expected) => {
    await openBlogs();
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
    expect(screen.queryByTestId('built')).toBeNull();
    expect(titles()).toEqual(expected);
    expect(new URLSearchParams(location.search).get(key)).toBe(value);
  });

  it('searches titles and captions, not the post bodies, and shows the empty text', async () => {
    await openBlogs();
    fireEvent.change(screen.getByPlaceholderText('Search posts...'), { target: { value: 'starter' } });
    expect(titles()).toEqual(['Sourdough']);
    fireEvent.change(screen.getByPlaceholderText('Search posts...'), { target: { value: 'body' } });
    expect(screen.getByText('No blogs found')).toBeTruthy();
    expect(screen.getByText('0 posts')).toBeTruthy();
  });

  it('opens a shared link filtered and Reset Filters brings every post back', async () => {
    history.replaceState(null, '', '/blogs?category=travel&timeframe=year');
    await openBlogs();
    const panel = screen.getByRole('region', { name: 'Filters' });
    expect(within(panel).getByLabelText<HTMLSelectElement>('Category').value).toBe('Travel');
    expect(titles()).toEqual(['Slow Travel', 'Night Trains']);
    expect(location.search).toBe('?category=Travel&timeframe=year');

    fireEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(within(panel).getByLabelText<HTMLSelectElement>('Category').value).toBe('all');
    expect(titles()).toEqual(['Slow Travel', 'Sourdough', 'Night Trains']);
    expect(location.search).toBe('');
  });

  it('keeps the static grid until the data arrives after a change: Loading… and then the filtered posts', async () => {
    await openBlogs({ hold: true });
    const built = screen.getByTestId('built');
    expect(screen.getByText('3 posts')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Food' } });
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(built.isConnected).toBe(true);
    await data.release();
    expect(built.isConnected).toBe(false);
    expect(titles()).toEqual(['Sourdough']);
    expect(screen.getByText('1 post')).toBeTruthy();
  });

  it('applies a shared link once the data arrives', async () => {
    history.replaceState(null, '', '/blogs?category=travel');
    await openBlogs({ hold: true });
    expect(screen.getByLabelText<HTMLSelectElement>('Category').value).toBe('Travel');
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.getByTestId('built')).toBeTruthy();
    await data.release();
    expect(screen.queryByTestId('built')).toBeNull();
    expect(titles()).toEqual(['Slow Travel', 'Night Trains']);
    expect(data.dataRequests()).toBe(1);
  });
});
