import { searchResultDate } from '../../lib/filters/search.ts';
import { formatDate } from '../../lib/format/dates.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { formatCount } from '../../lib/format/numbers.ts';
import { resultHref, resultName } from '../../lib/search/result-link.ts';
import { amountToCents } from '../../shared/money.ts';
import type { ContentType, SearchResult } from '../../shared/types.ts';

const BADGES: Readonly<Record<ContentType, string>> = {
  product: 'Product',
  blog: 'Blog',
  photo: 'Photo',
  video: 'Video',
  audio: 'Audio',
  event: 'Event',
};

/** One result: type badge, name or title opening the item (result-link.ts), caption, date, views and price. */
export default function SearchResultItem({ result, currency }: { result: SearchResult; currency: string }) {
  const badge = BADGES[result.type];
  const name = resultName(result);
  const date = searchResultDate(result);
  const { views, price } = result.data;
  return (
    <article className="relative rounded-xl border border-gray-200 bg-white p-4 transition-colors hover:border-[var(--color-primary)] focus-within:ring-2 focus-within:ring-[var(--color-primary)] dark:border-white/10 dark:bg-[#111821]">
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded-full bg-[var(--color-primary)] px-2.5 py-0.5 text-xs font-semibold text-[var(--color-on-primary)]">
          {badge}
        </span>
        <h2 className="m-0 text-lg font-semibold">
          {/* The ::after covers the card: a tap anywhere on the result opens it. */}
          <a
            href={resultHref(result)}
            className="text-inherit after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
          >
            {name || 'Untitled'}
          </a>
        </h2>
        {typeof price === 'number' && (
          <span className="ml-auto whitespace-nowrap font-bold text-[var(--color-primary-ink)]">
            {formatMoney(amountToCents(price), currency, { free: true })}
          </span>
        )}
      </div>
      {result.data.caption && (
        <p className="mb-0 mt-2 line-clamp-2 text-sm text-gray-600 dark:text-gray-300">{result.data.caption}</p>
      )}
      <p className="mb-0 mt-2 flex flex-wrap gap-x-4 text-xs text-gray-500 dark:text-gray-400">
        {date && <time dateTime={date}>{formatDate(date)}</time>}
        <span>
          {formatCount(views)} {views === 1 ? 'view' : 'views'}
        </span>
      </p>
    </article>
  );
}
