import { describe, expect, it } from 'vitest';
import { relatedPosts } from '../../src/lib/blog/related.ts';
import { contentToHtml } from '../../src/lib/blog/render-content.ts';
import { sanitizeAtBuild } from '../../src/lib/build/sanitize-at-build.ts';
import type { Blog } from '../../src/shared/types.ts';

describe('blog content', () => {
  it('keeps stored HTML and renders Markdown', () => {
    expect(contentToHtml('<p>Hello</p>')).toBe('<p>Hello</p>');
    expect(contentToHtml('## Title\n\nSome *text*').trim()).toBe('<h2>Title</h2>\n<p>Some <em>text</em></p>');
  });

  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src="/media/x.webp" onerror="alert(1)">', '<img src="/media/x.webp">'],
    ['<img src="x.webp">', '<img>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="https://example.com" onclick="x()">x</a>', '<a href="https://example.com">x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>after</p>', '<p>after</p>'],
    ['<p style="color:red">styled</p>', '<p>styled</p>'],
    ['[click](javascript:alert(1))', '<p><a>click</a></p>'],
    // DOMPurify lets data: into <img src> whatever the URI pattern says; data never supplies an image that way.
    ['<img src="data:image/svg+xml;base64,PHN2Zy8+" alt="d">', '<img alt="d">'],
    ['<a href="/\\evil.example">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
  ])('sanitises %s', (input, expected) => {
    expect(sanitizeAtBuild(input).trim()).toBe(expected);
  });
});

const blog = (id: string, category: string, tags: string[], createdAt = '2026-01-01T00:00:00Z'): Blog => ({
  _id: id,
  title: id,
  content: '',
  caption: '',
  image: '',
  slug: id,
  category,
  tags,
  createdAt,
  views: 0,
  comments: [],
});

describe('relatedPosts', () => {
  it('ranks shared tags above a shared category, skips the post itself and unrelated ones', () => {
    const post = blog('a', 'Travel', ['rail', 'europe']);
    const all = [
      post,
      blog('b', 'Travel', []),
      blog('c', 'Food', ['Rail']),
      blog('d', 'Food', []),
      blog('e', 'Travel', ['europe', 'rail']),
    ];
    expect(relatedPosts(post, all).map((b) => b._id)).toEqual(['e', 'c', 'b']);
    expect(relatedPosts(post, all, 1).map((b) => b._id)).toEqual(['e']);
  });
});
