/**
 * The comment thread on a post or product: the build's list first, then the current one from the API; a guest is
 * asked to sign in; a signed-in visitor's comment is announced as held or added at once; a review needs stars; a
 * refusal is shown as the server worded it.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CommentThread from '../../../src/components/comments/CommentThread.tsx';
import {
  fetchComments,
  fetchPublicCommentSettings,
  postComment,
  requestGuestCode,
} from '../../../src/lib/api/comments.ts';
import { $token } from '../../../src/lib/stores/session.ts';
import {
  COMMENT_WAITING,
  GUEST_CODE_SENT,
  GUEST_CODE_WRONG,
  type PublicComment,
} from '../../../src/shared/comments.ts';
import { apiError } from './helpers/browser.ts';

vi.mock('../../../src/lib/api/comments.ts', () => ({
  fetchComments: vi.fn(),
  postComment: vi.fn(),
  fetchPublicCommentSettings: vi.fn(),
  requestGuestCode: vi.fn(),
}));

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
  vi.mocked(fetchPublicCommentSettings).mockResolvedValue({ guests: false });
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

  describe('where the site lets guests comment with a mailed code', () => {
    beforeEach(() => {
      vi.mocked(fetchPublicCommentSettings).mockResolvedValue({ guests: true });
    });

    it('asks for a name and an email, sends a code, then takes the code and the comment', async () => {
      vi.mocked(requestGuestCode).mockResolvedValue({ message: GUEST_CODE_SENT });
      vi.mocked(postComment)
        .mockRejectedValueOnce(apiError(400, { message: GUEST_CODE_WRONG, field: 'code' }))
        .mockResolvedValueOnce({
          message: COMMENT_WAITING,
          status: 'pending',
          comment: { _id: 'g1', author: 'Gail', comment: 'Guest words', createdAt: '2026-11-30T10:00:00Z' },
        });
      thread();
      const form = await screen.findByRole('form', { name: 'Write a comment' });
      expect(screen.queryByLabelText('Your comment')).toBeNull();
      expect(screen.queryByLabelText('Code')).toBeNull();
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?next=%2Fblogs%2Fpost');

      // The name and the email are checked here before any code is asked for.
      await submitted(form);
      expect(requestGuestCode).not.toHaveBeenCalled();
      expect(screen.getByRole('status').textContent).toBe('Please enter your name.');
      expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Gail' } });
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'gail@example' } });
      await submitted(form);
      expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' gail@example.com ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
      await act(() => Promise.resolve());
      expect(requestGuestCode).toHaveBeenCalledWith('gail@example.com');
      expect(screen.getByRole('status').textContent).toBe(GUEST_CODE_SENT);

      fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
      fireEvent.change(screen.getByLabelText('Your comment'), { target: { value: 'Guest words' } });
      fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
      await act(() => Promise.resolve());
      expect(postComment).toHaveBeenLastCalledWith('blog', 'post', {
        comment: 'Guest words',
        name: 'Gail',
        email: 'gail@example.com',
        code: '123456',
      });
      expect(screen.getByRole('status').textContent).toBe(GUEST_CODE_WRONG);
      expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');

      fireEvent.change(screen.getByLabelText('Code'), { target: { value: '654321' } });
      await submitted(form);
      expect(screen.getByRole('status').textContent).toBe(COMMENT_WAITING);
      // The code is used up: the next comment starts with a new code.
      expect(screen.queryByLabelText('Code')).toBeNull();
      expect(screen.getByRole('button', { name: 'Send me a code' })).toBeTruthy();
    });

    it('falls back to the sign-in link when the site turned guests off meanwhile', async () => {
      vi.mocked(requestGuestCode).mockRejectedValue(apiError(403, { message: 'Sign in to comment' }));
      thread();
      await screen.findByRole('form', { name: 'Write a comment' });
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Gail' } });
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'gail@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
      await act(() => Promise.resolve());
      expect(screen.queryByRole('form')).toBeNull();
      expect(screen.getByRole('link', { name: 'Sign in to comment' })).toBeTruthy();
    });

    it('never asks a signed-in visitor for a code', async () => {
      $token.set(TOKEN);
      thread();
      await screen.findByRole('form', { name: 'Write a comment' });
      expect(fetchPublicCommentSettings).not.toHaveBeenCalled();
      expect(screen.queryByLabelText('Name')).toBeNull();
      expect(screen.getByRole('button', { name: 'Post comment' })).toBeTruthy();
    });
  });
});
