/**
 * The search for items to pin: words and a type, the published items that match (the newest before any search),
 * each with Pin (or Unpin once pinned).
 */
import { useCallback, useState } from 'react';
import { searchFeatured } from '../../../lib/api/admin/featured.ts';
import { formatDate } from '../../../lib/format/dates.ts';
import { ITEM_KINDS, isItemKind, itemKey, type ItemKind } from '../../../shared/recommend-rank.ts';
import { FEATURED_QUERY_MAX, type FeaturedItem } from '../../../shared/schemas/featured.ts';
import { LoadError, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import { NEUTRAL_ACTION, PRIMARY_ACTION } from '../ui/row-actions.tsx';
import { KIND_LABELS } from './featured-form.ts';
import ItemThumb from './ItemThumb.tsx';

interface Props {
  busy: boolean;
  isPinned: (item: FeaturedItem) => boolean;
  onPin: (item: FeaturedItem) => void;
  onUnpin: (item: FeaturedItem) => void;
}

const FIELD =
  'min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-white/20 dark:bg-[#0b1117] dark:text-gray-100';

export default function PinSearch({ busy, isPinned, onPin, onUnpin }: Props) {
  const [words, setWords] = useState('');
  const [query, setQuery] = useState<{ q: string; type: ItemKind | '' }>({ q: '', type: '' });
  const load = useCallback(() => searchFeatured(query.q, query.type || undefined), [query]);
  const { remote, reload } = useRemote(load, 'Could not search the items.');

  return (
    <div className="flex flex-col gap-3">
      <form
        role="search"
        aria-label="Items to pin"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery((current) => ({ ...current, q: words.trim() }));
        }}
      >
        <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1 text-sm font-medium">
          Search published items
          <input
            id="featured-search-words"
            type="search"
            className={FIELD}
            value={words}
            maxLength={FEATURED_QUERY_MAX}
            placeholder="Title, tag or word"
            onChange={(e) => setWords(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Type
          <select
            className={FIELD}
            value={query.type}
            onChange={(e) => {
              const type = e.target.value;
              setQuery({ q: words.trim(), type: isItemKind(type) ? type : '' });
            }}
          >
            <option value="">All types</option>
            {ITEM_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="brand-button px-4 py-2 text-sm font-semibold">
          Search
        </button>
      </form>
      <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
        {query.q ? `Published items matching "${query.q}".` : 'The newest published items; search to find others.'}
      </p>
      {remote.state === 'loading' && <PanelLoading label="Searching" />}
      {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
      {remote.state === 'ready' && remote.data.length === 0 && (
        <p className="m-0 py-4 text-center text-sm text-gray-600 dark:text-gray-400">No published item matches.</p>
      )}
      {remote.state === 'ready' && remote.data.length > 0 && (
        <ul
          className="m-0 list-none divide-y divide-gray-200 p-0 lg:max-h-[28rem] lg:overflow-y-auto dark:divide-white/10"
          aria-label="Search results"
        >
          {remote.data.map((item) => {
            const pinned = isPinned(item);
            return (
              <li key={itemKey(item)} className="flex items-center gap-3 py-2">
                <ItemThumb image={item.image} label={KIND_LABELS[item.kind]} />
                <div className="min-w-0 flex-1">
                  <p className="m-0 text-sm font-semibold break-words">{item.title}</p>
                  <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
                    {KIND_LABELS[item.kind]} · {formatDate(item.createdAt)}
                  </p>
                </div>
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`${pinned ? 'Unpin' : 'Pin'} ${item.title}`}
                  onClick={() => (pinned ? onUnpin(item) : onPin(item))}
                  className={`${pinned ? NEUTRAL_ACTION : PRIMARY_ACTION} shrink-0`}
                >
                  {pinned ? 'Unpin' : 'Pin'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
