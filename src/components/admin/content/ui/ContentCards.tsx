/**
 * The Content Management cards (site-spec section 2): every tab lists its items with this, as a grid or a list.
 * Usage: map your rows to ContentCardItem, pass the load state (useRemote's `remote`), `view`, `query` and per-card actions.
 */
import { useState, type ReactNode } from 'react';
import { apiAsset } from '../../../../lib/api/base.ts';
import { formatDate } from '../../../../lib/format/dates.ts';
import type { Remote } from '../../dashboard/use-remote.ts';
import Spinner from '../../ui/Spinner.tsx';
import type { ContentView } from '../content-tabs.ts';
import { matchesQuery } from './match-query.ts';
import UnpublishedChangesBadge from './UnpublishedChangesBadge.tsx';

/** One card: what the spec shows (image unless the list has none, title, caption, created date, Published/Draft badge). */
export interface ContentCardItem {
  id: string;
  title: string;
  caption: string;
  /** '' or null shows 'No image available'; a /media/ path is requested from the API's origin. */
  image: string | null;
  createdAt: string;
  published: boolean;
  /** A draft sent for review (a blog post by an author): the badge says so. */
  inReview?: boolean;
  /** Changes saved as a draft and not yet published: a second badge says so. */
  hasDraft?: boolean;
}

/** A button under a card; `tone: 'danger'` for Delete. */
export interface CardAction {
  label: string;
  onClick: () => void;
  tone?: 'default' | 'danger';
  disabled?: boolean;
}

interface Props<T extends ContentCardItem> {
  remote: Remote<readonly T[]>;
  onRetry: () => void;
  view: ContentView;
  query: string;
  /** The accessible name of the list, e.g. 'Images'. */
  label: string;
  actions?: (item: T) => readonly CardAction[];
  /** More of a card under its caption (an audio player, an event's dates). */
  details?: ((item: T) => ReactNode) | undefined;
  /** false: the cards have no picture box at all (items that never have one, such as documents and plans). */
  showImage?: boolean | undefined;
}

const actionClass = {
  default: 'border-gray-300 hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10',
  danger: 'border-red-500/50 text-red-700 hover:bg-red-500/10 dark:text-red-300',
} as const;

function CardImage({ src, alt, list }: { src: string | null; alt: string; list: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = list ? 'h-20 w-28 shrink-0 rounded-lg sm:h-24 sm:w-36' : 'aspect-video w-full';
  const placeholder = `${box} flex items-center justify-center bg-gray-100 px-2 text-center text-xs text-gray-500 dark:bg-white/5 dark:text-gray-400`;
  if (!src) return <div className={placeholder}>No image available</div>;
  if (failed === src)
    return (
      <div className={placeholder} role="img" aria-label="Image Not Found">
        Image Not Found
      </div>
    );
  return (
    <img
      src={apiAsset(src)}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      className={`${box} bg-gray-100 object-cover dark:bg-white/5`}
    />
  );
}

function Badge({ published, inReview = false }: { published: boolean; inReview?: boolean | undefined }) {
  const tone = published
    ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300'
    : inReview
      ? 'bg-sky-100 text-sky-900 dark:bg-sky-500/15 dark:text-sky-200'
      : 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200';
  return (
    <span className={`inline-block shrink-0 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {published ? 'Published' : inReview ? 'In review' : 'Draft'}
    </span>
  );
}

interface CardProps<T> {
  item: T;
  view: ContentView;
  actions: readonly CardAction[];
  details: ReactNode;
  showImage: boolean;
}

function Card<T extends ContentCardItem>({ item, view, actions, details, showImage }: CardProps<T>) {
  const list = view === 'list';
  const title = item.title.trim() || 'Untitled';
  return (
    <li
      data-testid="content-card"
      className={`min-w-0 overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm dark:border-white/10 dark:bg-[#111821] ${list ? 'flex flex-col gap-3 p-3 sm:flex-row sm:items-center' : 'flex flex-col'}`}
    >
      {showImage && <CardImage src={item.image} alt={title} list={list} />}
      <div className={`flex min-w-0 flex-1 flex-col gap-1 ${list ? '' : 'p-4'}`}>
        <div className="flex items-start justify-between gap-2">
          <h3 className="m-0 min-w-0 break-words text-base font-semibold">{title}</h3>
          <span className="flex shrink-0 flex-col items-end gap-1">
            <Badge published={item.published} inReview={item.inReview} />
            {item.hasDraft && item.published && <UnpublishedChangesBadge />}
          </span>
        </div>
        {item.caption && (
          <p className="m-0 line-clamp-3 break-words text-sm text-gray-700 dark:text-gray-300">{item.caption}</p>
        )}
        {details}
        <p className="m-0 text-xs text-gray-500 dark:text-gray-400">
          <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
        </p>
        {actions.length > 0 && (
          <div className="mt-2 flex flex-wrap gap-2">
            {actions.map((action) => (
              <button
                key={action.label}
                type="button"
                disabled={action.disabled}
                onClick={action.onClick}
                aria-label={`${action.label} ${title}`}
                className={`min-h-9 rounded-md border px-3 py-1 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${actionClass[action.tone ?? 'default']}`}
              >
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

/** The list of a tab in its four states: loading spinner, 'Error: {message}' with 'Try Again', 'No content available', cards. */
export default function ContentCards<T extends ContentCardItem>({
  remote,
  onRetry,
  view,
  query,
  label,
  actions,
  details,
  showImage = true,
}: Props<T>) {
  if (remote.state === 'loading') return <Spinner compact label={`Loading ${label}`} />;
  if (remote.state === 'error') {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-3 text-sm text-red-700 dark:text-red-300"
      >
        <span className="min-w-0 flex-1 break-words">Error: {remote.message}</span>
        <button type="button" onClick={onRetry} className="brand-button shrink-0 px-3 py-1.5 text-sm font-semibold">
          Try Again
        </button>
      </div>
    );
  }
  const items = remote.data.filter((item) => matchesQuery(item, query));
  if (items.length === 0)
    return <p className="m-0 py-10 text-center text-gray-600 dark:text-gray-400">No content available</p>;
  return (
    <ul
      aria-label={label}
      data-view={view}
      className={`m-0 list-none p-0 ${view === 'grid' ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-3'}`}
    >
      {items.map((item) => (
        <Card
          key={item.id}
          item={item}
          view={view}
          actions={actions?.(item) ?? []}
          details={details?.(item)}
          showImage={showImage}
        />
      ))}
    </ul>
  );
}
