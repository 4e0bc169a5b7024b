/** Previous / 'Page 2 of 5' / Next under the search results. */
import { pageLabel } from '../../lib/filters/search.ts';

interface Props {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

const BUTTON =
  'brand-button-outline inline-flex items-center justify-center gap-1 whitespace-nowrap bg-transparent px-3 py-2 text-sm font-medium sm:min-w-28 sm:px-4 sm:text-base text-[var(--color-primary-ink)] enabled:cursor-pointer enabled:hover:bg-[var(--color-primary)] enabled:hover:text-[var(--color-on-primary)] disabled:cursor-not-allowed disabled:border-gray-300 disabled:text-gray-400 dark:disabled:border-white/15 dark:disabled:text-gray-500';

export default function SearchPager({ page, pages, onPage }: Props) {
  return (
    <nav aria-label="Search results pages" className="mt-8 flex items-center justify-between gap-2 sm:gap-3">
      <button type="button" className={BUTTON} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">←</span> Previous
      </button>
      <p className="m-0 whitespace-nowrap text-sm tabular-nums text-gray-600 dark:text-gray-300">
        {pageLabel(page, pages)}
      </p>
      <button type="button" className={BUTTON} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}
