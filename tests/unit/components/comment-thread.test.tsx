/**
 * The comment thread on a post or product: the build's list first, then the current one from the API; a guest is
 * asked to sign in; a signed-in visitor's comment is announced as held or added at once; a review needs stars; a
 * refusal is shown as the server worded it.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CommentThread from '../../../src/components/comments/CommentThread.tsx';
import { fetchComments, postComment } from '../../../src/lib/api/comments.ts';
import { $token } from '../../../src/lib/stores/session.ts';
import { COMMENT_WAITING, type PublicComment } from '../../../src/shared/comments.ts';
import { apiError } from './helpers/browser.ts';

vi.mock('../../../src/lib/api/comments.ts', () => ({ fetchComments: vi.fn(), postComment: vi.fn() }));

const TOKEN = 'a-plausible-session-token-0123456789';
const built: PublicComment = {
  _id: 'c1',
  author: 'Leah',
  comment: 'From the build',
  createdAt: '2026-11-20T10:00:00Z',
};
const live: PublicComment = { _id: 'c2', author: 'Omar', comment: 'Approved since', createdAt: '2026-11-29T10:00:00Z' };

beforeEach(() => {
  vi.mocked(fetchComments).mockResolvedValue({ results: [built, live] });
});
afterEach(() => {
  $token.set(null);
  vi.clearAllMocks();
});

/** Submits the form and lets its send settle. */
async function submitted(form: HTMLElement): Promise<void> {
  fireEvent.submit(form);
  await act(() => Promise.resolve());
}

const thread = (type: 'blog' | 'product' = 'blog') =>
  render(<CommentThread type={type} target="post" initial={[built]} page="/blogs/post" />);

describe('CommentThread', () => {
  it('shows the current approved list and asks a guest to sign in, coming back here', async () => {
    thread();
    expect(screen.getByText('From the build')).toBeTruthy();
    await screen.findByText('Approved since');
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to comment' }).getAttribute('href')).toBe(
      '/login?next=%2Fblogs%2Fpost',
    );
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('announces a held comment and does not list it', async () => {
    $token.set(TOKEN);
    vi.mocked(postComment).mockResolvedValue({
      message: COMMENT_WAITING,
      status: 'pending',
      comment: { _id: 'c3', author: 'Ada L.', comment: 'Mine', createdAt: '2026-11-30T10:00:00Z' },
    });
    thread();
    const form = await screen.findByRole('form', { name: 'Write a comment' });
    fireEvent.change(screen.getByLabelText('Your comment'), { target: { value: '  Mine ' } });
    await submitted(form);
    expect(postComment).toHaveBeenCalledWith('blog', 'post', { comment: 'Mine' });
    expect(screen.getByRole('status').textContent).toBe(COMMENT_WAITING);
    expect(screen.queryByText('Mine')).toBeNull();
  });

  it('adds a comment published at once, and shows a refusal in the server’s words', async () => {
    $token.set(TOKEN);
    vi.mocked(postComment)
      .mockResolvedValueOnce({
        message: 'Thank you, your comment is published',
        status: 'approved',
        comment: { _id: 'c4', author: 'Ada L.', comment: 'Shown now', createdAt: '2026-11-30T10:00:00Z' },
      })
      .mockRejectedValueOnce(apiError(400, { message: 'A comment may hold at most 2 links.', field: 'comment' }));
    thread();
    const form = await screen.findByRole('form', { name: 'Write a comment' });
    const box = screen.getByLabelText('Your comment');
    fireEvent.change(box, { target: { value: 'Shown now' } });
    await submitted(form);
    expect(screen.getByText('Shown now')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'a lot of links' } });
    await submitted(form);
    expect(screen.getByRole('status').textContent).toBe('A comment may hold at most 2 links.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for stars before a review is sent', async () => {
    $token.set(TOKEN);
    vi.mocked(fetchComments).mockResolvedValue({ results: [], rating: 0 });
    thread('product');
    const form = await screen.findByRole('form', { name: 'Write a review' });
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Good' } });
    await submitted(form);
    expect(postComment).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Please choose a rating.');
    fireEvent.click(screen.getByLabelText('4 stars'));
    vi.mocked(postComment).mockResolvedValue({
      message: COMMENT_WAITING,
      status: 'pending',
      comment: { _id: 'r1', author: 'Ada L.', comment: 'Good', rating: 4, createdAt: '2026-11-30T10:00:00Z' },
    });
    await submitted(form);
    await waitFor(() => expect(postComment).toHaveBeenCalledWith('product', 'post', { comment: 'Good', rating: 4 }));
  });
});
