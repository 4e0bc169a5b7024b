/** One blog post; rendered to static HTML at build and by BlogReader for posts newer than the build. */
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format/dates.ts';
import { formatCount } from '../../lib/format/numbers.ts';
import { liveCount } from '../activity/live-count.ts';
import type { Blog } from '../../shared/types.ts';
import SafeImage from '../lists/SafeImage.tsx';

/** The cover's width in the article column, for its srcset (and the page's preload of it). */
export const COVER_SIZES = '(min-width: 768px) 736px, calc(100vw - 2rem)';

interface Props {
  blog: Blog;
  /** Sanitised by sanitizeBlogHtml: the only field ever rendered as HTML (security.md R49). */
  safeHtml: string;
  related: Blog[];
  /** A comments section in place of the build's list: the post's page passes the live thread (CommentThread). */
  children?: ReactNode;
}

export default function BlogArticle({ blog, safeHtml, related, children }: Props) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <p className="m-0 text-sm uppercase tracking-wide text-gray-500 dark:text-gray-400">
        {blog.category && (
          <>
            <a href={`/blogs?category=${encodeURIComponent(blog.category)}`} className="hover:underline">
              {blog.category}
            </a>{' '}
            ·{' '}
          </>
        )}
        <time dateTime={blog.createdAt}>{formatDate(blog.createdAt)}</time> ·{' '}
        <span className="whitespace-nowrap">
          <span {...liveCount('blog', blog._id, 'views')}>{formatCount(blog.views)}</span> views
        </span>
      </p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{blog.title}</h1>
      {blog.caption && <p className="mt-3 text-lg text-gray-600 dark:text-gray-300">{blog.caption}</p>}
      <SafeImage
        src={blog.image}
        alt=""
        width={1200}
        height={800}
        loading="priority"
        sizes={COVER_SIZES}
        className="mt-6 aspect-[3/2] h-auto w-full rounded-xl object-cover"
      />
      <div className="blog-content mt-8 space-y-4 leading-relaxed" dangerouslySetInnerHTML={{ __html: safeHtml }} />
      {blog.tags.length > 0 && (
        <ul className="mt-8 flex list-none flex-wrap gap-2 p-0" aria-label="Tags">
          {blog.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-gray-100 px-3 py-1 text-sm dark:bg-white/10">
              #{tag}
            </li>
          ))}
        </ul>
      )}
      {children ?? (
        <section aria-labelledby="comments-title" className="mt-12">
          <h2 id="comments-title" className="text-2xl font-semibold">
            Comments ({blog.comments.length})
          </h2>
          {blog.comments.length === 0 ? (
            <p className="text-gray-600 dark:text-gray-300">No comments yet.</p>
          ) : (
            <ul className="m-0 mt-4 list-none space-y-4 p-0">
              {blog.comments.map((c) => (
                <li key={c._id} className="rounded-lg border border-gray-200 p-4 dark:border-white/10">
                  <p className="m-0 font-semibold">
                    {c.author}{' '}
                    <span className="text-sm font-normal text-gray-500 dark:text-gray-400">
                      · {formatDate(c.createdAt)}
                    </span>
                  </p>
                  <p className="m-0 mt-1">{c.comment}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-12">
          <h2 id="related-title" className="text-2xl font-semibold">
            Related posts
          </h2>
          <ul className="m-0 mt-4 grid list-none gap-4 p-0 sm:grid-cols-3">
            {related.map((r) => (
              <li key={r._id}>
                <a
                  href={`/blogs/${r.slug}`}
                  className="block rounded-lg border border-gray-200 p-4 hover:border-[var(--color-primary)] dark:border-white/10"
                >
                  <span className="font-semibold">{r.title}</span>
                  <span className="mt-1 block text-sm text-gray-600 dark:text-gray-300">{r.caption}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
