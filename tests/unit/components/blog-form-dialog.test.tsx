import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { assert, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import BlogFormDialog from '../../../src/components/admin/content/blogs/BlogFormDialog.tsx';
import {
  blogPreviewLink,
  createBlog,
  discardBlogDraft,
  fetchBlogDraft,
  publishBlogDraft,
  saveBlogDraft,
  updateBlog,
} from '../../../src/lib/api/admin/blogs.ts';
import { compareRevisions, fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import type { AdminBlog, BlogDraft } from '../../../src/shared/schemas/blog-admin.ts';
import { apiError, stubModalDialogs } from './helpers/browser.ts';
import { restoreVersionOne, version } from './helpers/revision-history.ts';

// The endpoint functions are mocked; the form's own rules (shared with the server) stay real.
vi.mock('../../../src/lib/api/admin/blogs.ts', () => ({
  createBlog: vi.fn(),
  updateBlog: vi.fn(),
  fetchBlogDraft: vi.fn(),
  saveBlogDraft: vi.fn(),
  discardBlogDraft: vi.fn(),
  publishBlogDraft: vi.fn(),
  blogPreviewLink: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(),
  restoreRevision: vi.fn(),
}));
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

describe('BlogFormDialog and drafts', () => {
  beforeEach(() => vi.clearAllMocks());
  const DRAFT: BlogDraft = {
    savedAt: '2026-12-01T09:30:00.000Z',
    savedBy: 'Ana Diaz',
    fields: {
      title: 'Draft title',
      slug: 'old-title',
      caption: 'Cap',
      content: '<p>Draft body</p>',
      category: 'Food',
      tags: ['a'],
      image: '',
    },
  };
  const LINK = { url: 'http://127.0.0.1/preview?token=abc.def.ghi', expiresAt: '2026-12-04T09:30:00.000Z' };
  const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));

  it('opens a post with a draft on the draft, and Publish draft saves it and makes it live', async () => {
    vi.mocked(fetchBlogDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(saveBlogDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(publishBlogDraft).mockResolvedValueOnce({ message: 'Draft published.', item: BLOG });
    const onSaved = vi.fn();
    render(<BlogFormDialog blog={{ ...BLOG, draft: DRAFT }} onClose={() => undefined} onSaved={onSaved} />);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Draft title'));
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    // Publishing the draft publishes: no Status to choose.
    expect(screen.queryByLabelText('Status')).toBeNull();
    type('Caption', 'Newer caption');
    await click('Publish draft');
    expect(vi.mocked(saveBlogDraft).mock.calls[0]?.[1].fields).toMatchObject({
      title: 'Draft title',
      caption: 'Newer caption',
    });
    expect(vi.mocked(saveBlogDraft).mock.calls[0]?.[1].fields).not.toHaveProperty('published');
    expect(publishBlogDraft).toHaveBeenCalledWith('b1');
    expect(updateBlog).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft published.');
  });

  it('keeps a published post’s changes as a draft, and Preview shows a link to share without closing', async () => {
    vi.mocked(saveBlogDraft).mockResolvedValue({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(blogPreviewLink).mockResolvedValueOnce(LINK);
    const onSaved = vi.fn();
    render(<BlogFormDialog blog={BLOG} onClose={() => undefined} onSaved={onSaved} />);
    type('Title', 'Draft title');
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' }).getAttribute('href')).toBe(LINK.url));
    expect(screen.getByLabelText<HTMLInputElement>('Preview link').value).toBe(LINK.url);
    // Pressed at the foot of the form: the link is brought into view, ready to copy.
    expect(document.activeElement).toBe(screen.getByLabelText('Preview link'));
    expect(vi.mocked(saveBlogDraft).mock.calls[0]?.[0]).toBe('b1');
    expect(onSaved).not.toHaveBeenCalled();
    expect(updateBlog).not.toHaveBeenCalled();
    // Saved as a draft now: the next save goes to it as well, and closes.
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
    await click('Save draft');
    expect(saveBlogDraft).toHaveBeenCalledTimes(2);
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('previews an unpublished post by saving the post itself (visitors see neither)', async () => {
    vi.mocked(updateBlog).mockResolvedValueOnce({ message: 'Blog updated', blog: { ...BLOG, published: false } });
    vi.mocked(blogPreviewLink).mockResolvedValueOnce(LINK);
    render(<BlogFormDialog blog={{ ...BLOG, published: false }} onClose={() => undefined} onSaved={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' })).toBeTruthy());
    expect(vi.mocked(updateBlog).mock.calls[0]?.[1].fields).not.toHaveProperty('published');
    expect(saveBlogDraft).not.toHaveBeenCalled();
  });

  it('discards the draft only once asked twice', async () => {
    vi.mocked(fetchBlogDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(discardBlogDraft).mockResolvedValueOnce({ message: 'Draft discarded.', item: BLOG });
    const onSaved = vi.fn();
    render(<BlogFormDialog blog={{ ...BLOG, draft: DRAFT }} onClose={() => undefined} onSaved={onSaved} />);
    await waitFor(() => expect(screen.getByRole('note')).toBeTruthy());
    await click('Discard draft');
    expect(discardBlogDraft).not.toHaveBeenCalled();
    await click('Keep it');
    await click('Discard draft');
    await click('Discard');
    expect(discardBlogDraft).toHaveBeenCalledWith('b1');
    expect(onSaved).toHaveBeenCalledWith('Draft discarded.');
  });
});

describe('BlogFormDialog and the history', () => {
  beforeEach(() => vi.clearAllMocks());
  const V1 = version(1);
  const V2 = version(2, true, ['Title']);
  const RESTORED: BlogDraft = {
    savedAt: '2026-12-05T08:00:00.000Z',
    savedBy: 'Ed Editor',
    fields: {
      title: 'First title',
      slug: 'old-title',
      caption: 'First caption',
      content: '<p>First body</p>',
      category: 'Food',
      tags: ['first'],
      image: '',
    },
  };
  const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));
  const historyTitle = 'History of "Old title"';

  beforeEach(() => {
    vi.mocked(fetchRevisions).mockResolvedValue({ limit: 25, revisions: [V2, V1] });
    vi.mocked(compareRevisions).mockResolvedValue({ older: V1, newer: V2, fields: [] });
  });

  it('opens the post’s history over the form, and closing it leaves the form as it was', async () => {
    render(<BlogFormDialog blog={BLOG} onClose={() => undefined} onSaved={() => undefined} />);
    type('Title', 'Unsaved title');
    await click('History');
    expect(await screen.findByRole('heading', { name: historyTitle })).toBeTruthy();
    expect(fetchRevisions).toHaveBeenCalledWith('/api/admin/blogs/b1');
    expect(await screen.findByRole('heading', { name: 'Version 2' })).toBeTruthy();
    // The history is a dialog of its own beside the form, so its buttons never send the post.
    const history = screen.getByRole('heading', { name: historyTitle }).closest('dialog');
    expect(history?.closest('form')).toBeNull();
    await click('Close');
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Unsaved title');
    // Escape cancels the dialog on top only: the history closes, the form stays open.
    await click('History');
    const top = (await screen.findByRole('heading', { name: historyTitle })).closest('dialog');
    const form = screen.getByRole('heading', { name: 'Edit blog post' }).closest('dialog');
    assert(top, 'the history is a dialog');
    fireEvent(top, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(form?.open).toBe(true);
    expect(updateBlog).not.toHaveBeenCalled();
  });

  it('offers no history for a new post', () => {
    render(<BlogFormDialog blog="new" onClose={() => undefined} onSaved={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
  });

  it('fills the form with the draft a restored version became, ready to publish', async () => {
    vi.mocked(fetchBlogDraft).mockResolvedValueOnce(RESTORED);
    vi.mocked(saveBlogDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: RESTORED });
    vi.mocked(publishBlogDraft).mockResolvedValueOnce({ message: 'Draft published.', item: BLOG });
    const onSaved = vi.fn();
    render(<BlogFormDialog blog={BLOG} onClose={() => undefined} onSaved={onSaved} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    await restoreVersionOne('/api/admin/blogs/b1', RESTORED);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('First title'));
    expect(fetchBlogDraft).toHaveBeenCalledWith('b1');
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(REVISION_RESTORED);
    expect(screen.getByLabelText<HTMLInputElement>('Caption').value).toBe('First caption');
    expect(screen.getByLabelText<HTMLInputElement>('Tags (comma separated)').value).toBe('first');
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ed Editor saved on Dec 5, 2026/);
    // The form stays open on the draft: nothing is saved until the editor publishes it.
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Status')).toBeNull();
    await click('Publish draft');
    expect(vi.mocked(saveBlogDraft).mock.calls[0]?.[1].fields).toMatchObject({ title: 'First title', tags: 'first' });
    expect(publishBlogDraft).toHaveBeenCalledWith('b1');
    expect(onSaved).toHaveBeenCalledWith('Draft published.');
  });
});
