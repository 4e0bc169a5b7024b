/**
 * The Featured row as visitors get it: its first items in order, each marked pinned or popular, the ones the home page
 * shows set apart from the rest that follow when more are asked for.
 */
import { RECOMMENDATIONS_LIMIT } from '../../../shared/constants.ts';
import type { FeaturedState } from '../../../shared/schemas/featured.ts';
import { KIND_LABELS } from './featured-form.ts';
import ItemThumb from './ItemThumb.tsx';

export default function FeaturedPreview({ items }: { items: FeaturedState['preview'] }) {
  if (items.length === 0)
    return (
      <p className="m-0 py-6 text-center text-sm text-gray-600 dark:text-gray-400">
        Nothing is published yet: the row stays hidden until something is.
      </p>
    );
  return (
    <>
      <p className="m-0 mb-3 text-sm text-gray-600 dark:text-gray-400">
        The home page shows the first {RECOMMENDATIONS_LIMIT}; popular items are counted by views, likes, plays,
        downloads and registrations, those of the last 30 days first.
      </p>
      <ol className="m-0 grid list-none gap-3 p-0 sm:grid-cols-2 xl:grid-cols-4" aria-label="Featured row preview">
        {items.map((item, index) => (
          <li
            key={item._id}
            className={`flex min-w-0 items-center gap-3 rounded-lg border p-2 ${
              index < RECOMMENDATIONS_LIMIT
                ? 'border-[var(--color-primary)]/60 bg-[color-mix(in_srgb,var(--color-primary)_6%,transparent)]'
                : 'border-dashed border-gray-300 opacity-80 dark:border-white/15'
            }`}
          >
            <span className="w-5 shrink-0 text-center text-sm font-semibold tabular-nums text-gray-500 dark:text-gray-400">
              {index + 1}
            </span>
            <ItemThumb image={item.image} label={item.item ? KIND_LABELS[item.item.kind] : item.title} />
            <div className="min-w-0 flex-1">
              <p className="m-0 line-clamp-2 text-sm font-semibold break-words">{item.title}</p>
              <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
                {item.item ? KIND_LABELS[item.item.kind] : ''} ·{' '}
                <span className={item.pinned ? 'font-semibold text-[var(--color-primary-ink)]' : ''}>
                  {item.pinned ? 'Pinned' : 'Popular'}
                </span>
              </p>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
