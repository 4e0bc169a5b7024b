import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BlogArticle from '../../../src/components/blog/BlogArticle.tsx';
import type { Blog } from '../../../src/shared/types.ts';

const POST: Blog = {
  _id: 'b1',
  title: 'Harbour notes',
  content: '<p>Words</p>',
  caption: '',
  image: '',
  slug: 'harbour-notes',
  category: 'Travel',
  tags: [],
  createdAt: '2026-12-01T10:00:00.000Z',
  views: 3,
  comments: [],
};

const byline = (blog: Blog) =>
  render(<BlogArticle blog={blog} safeHtml="<p>Words</p>" related={[]} />).container.querySelector('article > p')
    ?.textContent;

describe('BlogArticle', () => {
  it('leads its byline with the category, linked to the list filtered by it', () => {
    expect(byline(POST)).toBe('Travel · Dec 1, 2026 · 3 views');
  });

  it('starts with the date when the post has no category (no stray separator)', () => {
    expect(byline({ ...POST, category: '' })).toBe('Dec 1, 2026 · 3 views');
  });
});
