import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import BlogFormDialog from '../../../src/components/admin/content/blogs/BlogFormDialog.tsx';
import { createBlog, updateBlog } from '../../../src/lib/api/admin/blogs.ts';
import type { AdminBlog } from '../../../src/shared/schemas/blog-admin.ts';
import { apiError, stubModalDialogs } from './helpers/browser.ts';

// The endpoint functions are mocked; the form's own rules (shared with the server) stay real.
vi.mock('../../../src/lib/api/admin/blogs.ts', () => ({ createBlog: vi.fn(), updateBlog: vi.fn() }));
// The company's blog categories, as GET /api/admin/categories answers them for a new site.
vi.mock('../../../src/lib/api/admin/categories.ts', async () => {
  const { defaultCategories } = await import('../../../src/shared/default-categories.ts');
  return {
    fetchAdminCategories: vi.fn(() => Promise.resolve(defaultCategories('blog').map((c) => ({ ...c, items: 0 })))),
  };
});

beforeAll(stubModalDialogs);

const BLOG: AdminBlog = {
  _id: 'b1',
  title: 'Old title',
  slug: 'old-title',
  caption: 'Cap',
  content: '<p>Body</p>',
  image: '',
  category: 'Food',
  tags: ['a', 'b'],
  published: true,
  author: 'Ana Diaz',
  authorId: 'u1',
  submittedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: null,
  views: 3,
  commentCount: 0,
  draft: null,
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name: 'Save' }))));

describe('BlogFormDialog', () => {
  it('makes the address from the title until it is edited by hand', () => {
    render(<BlogFormDialog blog="new" onClose={() => undefined} onSaved={() => undefined} />);
    type('Title', 'Crème Brûlée & Friends');
    expect(screen.getByLabelText<HTMLInputElement>('Address (slug)').value).toBe('creme-brulee-and-friends');
    type('Address (slug)', 'my-own');
    type('Title', 'Another title');
    expect(screen.getByLabelText<HTMLInputElement>('Address (slug)').value).toBe('my-own');
  });

  it('refuses a bad address in the browser without sending', async () => {
    render(<BlogFormDialog blog="new" onClose={() => undefined} onSaved={() => undefined} />);
    type('Title', 'Fine');
    type('Address (slug)', 'Not A Slug');
    await save();
    expect(screen.getByRole('alert').textContent).toMatch(/^Slug must be /);
    expect(createBlog).not.toHaveBeenCalled();
  });

  it('sends a new post as a draft by default, and reports the answer', async () => {
    vi.mocked(createBlog).mockResolvedValueOnce({ message: 'Blog created', blog: BLOG });
    const onSaved = vi.fn();
    render(<BlogFormDialog blog="new" onClose={() => undefined} onSaved={onSaved} />);
    type('Title', 'Hello');
    type('Tags (comma separated)', 'x, y');
    await save();
    expect(createBlog).toHaveBeenCalledWith(
      {
        fields: {
          title: 'Hello',
          slug: 'hello',
          caption: '',
          category: '',
          tags: 'x, y',
          content: '',
          published: 'false',
        },
        cover: undefined,
        removeCover: false,
      },
      undefined,
    );
    expect(onSaved).toHaveBeenCalledWith('Blog created');
  });

  it('fills the form from the post being edited and shows the server refusal', async () => {
    vi.mocked(updateBlog).mockRejectedValueOnce(
      apiError(409, { message: 'Another blog already uses this address.', field: 'slug' }),
    );
    render(<BlogFormDialog blog={BLOG} onClose={() => undefined} onSaved={() => undefined} />);
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Old title');
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('published');
    expect(screen.getByLabelText<HTMLInputElement>('Tags (comma separated)').value).toBe('a, b');
    type('Title', 'New title');
    // An existing post keeps its address when the title changes.
    expect(screen.getByLabelText<HTMLInputElement>('Address (slug)').value).toBe('old-title');
    await save();
    expect(vi.mocked(updateBlog).mock.calls[0]?.[0]).toBe('b1');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Another blog already uses this address.'));
  });
});
