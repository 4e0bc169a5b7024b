/** Opens a post created after the last build: the server answers /blogs/<new-slug> with this page. */
import DOMPurify from 'dompurify';
import { useEffect, useState } from 'react';
import { fetchBlog, fetchBlogs } from '../../lib/api/content.ts';
import { relatedPosts } from '../../lib/blog/related.ts';
import { sanitizeBlogHtml } from '../../lib/blog/render-content.ts';
import type { Blog } from '../../shared/types.ts';
import BlogArticle from './BlogArticle.tsx';

type State = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; blog: Blog; related: Blog[] };

export default function BlogReader() {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const slug = /^\/blogs\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(location.pathname)?.[1];
    if (!slug) return setState({ status: 'missing' });
    Promise.all([fetchBlog(slug), fetchBlogs().catch(() => [] as Blog[])])
      .then(([blog, all]) => {
        document.title = document.title.replace(/^[^|]*/, `${blog.title} `);
        setState({ status: 'ready', blog, related: relatedPosts(blog, all) });
      })
      .catch(() => setState({ status: 'missing' }));
  }, []);

  if (state.status === 'loading') {
    return <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label="Loading"><span className="h-10 w-10 animate-spin rounded-full border-4 border-gray-300 border-t-[var(--color-primary)]" /></div>;
  }
  if (state.status === 'missing') {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-4xl font-bold">404 - Page Not Found</h1>
        <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">Sorry, we couldn't find the page you were looking for.</p>
      </section>
    );
  }
  return <BlogArticle blog={state.blog} safeHtml={sanitizeBlogHtml(DOMPurify, state.blog.content)} related={state.related} />;
}
