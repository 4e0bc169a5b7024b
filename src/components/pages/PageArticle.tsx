/** One simple page (privacy, terms…): rendered to static HTML at build (no script) and by the preview of its draft. */
import { formatDate } from '../../lib/format/dates.ts';
import type { PublicPage } from '../../shared/pages.ts';

interface Props {
  page: PublicPage;
  /** Sanitised by sanitizeBlogHtml: the only field ever rendered as HTML (security.md R49). */
  safeHtml: string;
}

export default function PageArticle({ page, safeHtml }: Props) {
  const updated = page.updatedAt ?? page.createdAt;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{page.title}</h1>
      <p className="m-0 mt-2 text-sm text-gray-500 dark:text-gray-400">
        Last updated <time dateTime={updated}>{formatDate(updated)}</time>
      </p>
      <div className="blog-content mt-8 space-y-4 leading-relaxed" dangerouslySetInnerHTML={{ __html: safeHtml }} />
    </article>
  );
}
