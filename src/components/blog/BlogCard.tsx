import { formatDate } from '../../lib/format/dates.ts';
import type { BlogSummary } from '../../shared/types.ts';
import SafeImage, { type ImageLoading } from '../lists/SafeImage.tsx';

export default function BlogCard({ blog, loading }: { blog: BlogSummary; loading: ImageLoading }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white dark:border-white/10 dark:bg-[#111821]">
      <SafeImage
        src={blog.image}
        alt=""
        width={600}
        height={400}
        loading={loading}
        className="aspect-[3/2] h-auto w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="m-0 text-xs uppercase tracking-wide text-gray-500 dark:text-gray-400">
          {blog.category} · <time dateTime={blog.createdAt}>{formatDate(blog.createdAt)}</time>
        </p>
        <h2 className="m-0 text-lg font-semibold">{blog.title}</h2>
        <p className="m-0 flex-1 text-sm text-gray-600 dark:text-gray-300">{blog.caption}</p>
        <a
          href={`/blogs/${blog.slug}`}
          className="mt-2 self-start font-medium text-[var(--color-primary-ink)] hover:underline"
          aria-label={`Read More: ${blog.title}`}
        >
          {/* The visible text stays the spec's; the hidden title makes the link's own text say where it goes too. */}
          Read More<span className="sr-only">: {blog.title}</span>
        </a>
      </div>
    </article>
  );
}
