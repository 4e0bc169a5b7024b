/** The Blogs tab as an author sees it: Send for review instead of Publish, an 'In review' badge, nothing on a published post. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { assert, beforeAll, describe, expect, it, vi } from 'vitest';
import BlogsPanel from '../../../src/components/admin/content/blogs/BlogsPanel.tsx';
import { tabsFor } from '../../../src/components/admin/content/ContentManager.tsx';
import { fetchAdminBlogs, submitBlog } from '../../../src/lib/api/admin/blogs.ts';
import type { AdminBlog } from '../../../src/shared/schemas/blog-admin.ts';
import type { Role } from '../../../src/shared/staff-roles.ts';
import { stubModalDialogs } from './helpers/browser.ts';

vi.mock('../../../src/lib/api/admin/blogs.ts', () => ({
  fetchAdminBlogs: vi.fn(),
  submitBlog: vi.fn(),
  setBlogPublished: vi.fn(),
  deleteBlog: vi.fn(),
  createBlog: vi.fn(),
  updateBlog: vi.fn(),
}));

beforeAll(stubModalDialogs);

const AUTHOR: Role = 'author';
const EDITOR: Role = 'editor';

const post = (title: string, changes: Partial<AdminBlog> = {}): AdminBlog => ({
  _id: title.toLowerCase().replaceAll(' ', '-'),
  title,
  slug: title.toLowerCase().replaceAll(' ', '-'),
  caption: '',
  content: '',
  image: '',
  category: '',
  tags: [],
  published: false,
  author: 'Aria Author',
  authorId: 'a1',
  submittedAt: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: null,
  views: 0,
  commentCount: 0,
  draft: null,
  ...changes,
});

const card = (name: string) => {
  const found = screen.getAllByTestId('content-card').find((c) => within(c).queryByRole('heading', { name }));
  assert(found, `a card named ${name}`);
  return found;
};

describe('BlogsPanel for an author', () => {
  it('offers Send for review on a draft, shows In review once sent, and no action on a published post', async () => {
    let rows = [
      post('Draft one'),
      post('Waiting one', { submittedAt: '2026-12-01T11:00:00.000Z' }),
      post('Live one', { published: true }),
    ];
    vi.mocked(fetchAdminBlogs).mockImplementation(() => Promise.resolve(rows));
    vi.mocked(submitBlog).mockImplementation((id) => {
      rows = rows.map((r) => (r._id === id ? { ...r, submittedAt: '2026-12-01T12:00:00.000Z' } : r));
      return Promise.resolve({ message: 'Sent for review: an editor will publish it.', blog: rows[0] ?? post('x') });
    });
    render(<BlogsPanel query="" view="grid" currency="USD" role={AUTHOR} />);
    await screen.findByRole('heading', { name: 'Draft one' });
    expect(within(card('Draft one')).queryByRole('button', { name: /^Publish/ })).toBeNull();
    expect(within(card('Waiting one')).getByText('In review')).toBeTruthy();
    expect(within(card('Waiting one')).queryByRole('button', { name: /Send for review/ })).toBeNull();
    expect(within(card('Live one')).queryAllByRole('button')).toHaveLength(0);
    await act(() =>
      Promise.resolve(fireEvent.click(within(card('Draft one')).getByRole('button', { name: /Send for review/ }))),
    );
    expect(submitBlog).toHaveBeenCalledWith('draft-one');
    await waitFor(() => expect(within(card('Draft one')).getByText('In review')).toBeTruthy());
  });

  it('an editor keeps Publish on every draft', async () => {
    vi.mocked(fetchAdminBlogs).mockResolvedValue([post('Draft two', { submittedAt: '2026-12-01T11:00:00.000Z' })]);
    render(<BlogsPanel query="" view="grid" currency="USD" role={EDITOR} />);
    await screen.findByRole('heading', { name: 'Draft two' });
    expect(within(card('Draft two')).getByRole('button', { name: /^Publish/ })).toBeTruthy();
  });

  it('shows an author the Blogs tab alone, and every tab to an editor', () => {
    expect(tabsFor('author')).toEqual(['Blogs']);
    expect(tabsFor('editor')).toContain('Images');
  });
});
