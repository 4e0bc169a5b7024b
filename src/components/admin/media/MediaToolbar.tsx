/** The library's filters (search, type, tag, order, unused only) and the grid / list switch. */
import { useId, type Dispatch } from 'react';
import {
  MEDIA_KIND_LABELS,
  MEDIA_KINDS,
  MEDIA_SEARCH_MAX,
  MEDIA_SORT_LABELS,
  MEDIA_SORTS,
} from '../../../shared/media-library.ts';
import { FilterSelect, SearchField } from '../ui/FilterFields.tsx';
import MediaIcon from './MediaIcon.tsx';
import { parseKind, parseSort, type MediaQuery, type MediaQueryAction, type MediaView } from './media-screen.ts';

const KIND_OPTIONS = [
  { value: '', label: 'All' },
  ...MEDIA_KINDS.map((kind) => ({ value: kind, label: MEDIA_KIND_LABELS[kind] })),
];
const SORT_OPTIONS = MEDIA_SORTS.map((sort) => ({ value: sort, label: MEDIA_SORT_LABELS[sort] }));

interface Props {
  query: MediaQuery;
  dispatch: Dispatch<MediaQueryAction>;
  /** Every tag in the library. */
  tags: readonly string[];
  view: MediaView;
  onView: (view: MediaView) => void;
}

function ViewSwitch({ view, onView }: Pick<Props, 'view' | 'onView'>) {
  const button = (value: MediaView, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onView(value)}
      className={`inline-flex items-center gap-1.5 px-3 py-1.5 text-sm font-medium ${view === value ? 'bg-[color-mix(in_srgb,var(--color-primary)_16%,transparent)] text-gray-900 dark:text-gray-100' : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-white/10 dark:hover:text-gray-100'}`}
    >
      <MediaIcon name={value} className="h-4 w-4" />
      {label}
    </button>
  );
  return (
    <div
      role="group"
      aria-label="Show files as"
      className="inline-flex divide-x divide-gray-300 overflow-hidden rounded-md border border-gray-300 dark:divide-white/20 dark:border-white/20"
    >
      {button('grid', 'Grid')}
      {button('list', 'List')}
    </div>
  );
}

export default function MediaToolbar({ query, dispatch, tags, view, onView }: Props) {
  const id = useId();
  // A tag chosen from the address may no longer be in the library: it stays listed while it is the filter.
  const tagOptions = [
    { value: '', label: tags.length > 0 || query.tag ? 'All tags' : 'No tags yet' },
    ...(query.tag && !tags.includes(query.tag) ? [query.tag] : [])
      .concat(tags)
      .map((tag) => ({ value: tag, label: tag })),
  ];
  return (
    <div className="flex flex-col gap-3">
      <div
        role="search"
        aria-label="Filter files"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(0,1fr)_9rem_10rem_10rem]"
      >
        <SearchField
          id={`${id}-q`}
          className="col-span-2 min-w-0 sm:col-span-3 lg:col-span-1"
          label="Search"
          placeholder="Title, alt text, caption, tag or address"
          maxLength={MEDIA_SEARCH_MAX}
          value={query.q}
          onSearch={(q) => dispatch({ type: 'search', q })}
        />
        <FilterSelect
          id={`${id}-kind`}
          label="Type"
          value={query.kind}
          options={KIND_OPTIONS}
          onChange={(value) => dispatch({ type: 'kind', kind: parseKind(value) })}
        />
        <FilterSelect
          id={`${id}-tag`}
          label="Tag"
          value={query.tag}
          options={tagOptions}
          onChange={(value) => dispatch({ type: 'tag', tag: value })}
        />
        <FilterSelect
          id={`${id}-sort`}
          className="col-span-2 min-w-0 sm:col-span-1"
          label="Sort"
          value={query.sort}
          options={SORT_OPTIONS}
          onChange={(value) => dispatch({ type: 'sort', sort: parseSort(value) })}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4 accent-[var(--color-primary)]"
            checked={query.unused}
            onChange={(e) => dispatch({ type: 'unused', unused: e.target.checked })}
          />
          Unused only
        </label>
        <ViewSwitch view={view} onView={onView} />
      </div>
    </div>
  );
}
