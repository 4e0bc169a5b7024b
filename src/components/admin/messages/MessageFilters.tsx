/** Search (debounced) and the open / closed / all filter of the admin Messages list, with a reset when either is set. */
import { useId, useState, type Dispatch } from 'react';
import type { MessagesListQuery } from '../../../lib/api/admin/messages.ts';
import { ADMIN_MESSAGES_QUERY_MAX } from '../../../shared/schemas/messages.ts';
import { FilterSelect, SearchField } from '../ui/FilterFields.tsx';
import { isFiltered, parseStatusFilter, type MessagesQueryAction } from './messages-list.ts';

const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

export default function MessageFilters({
  query,
  dispatch,
}: {
  query: MessagesListQuery;
  dispatch: Dispatch<MessagesQueryAction>;
}) {
  const id = useId();
  // A reset starts the search box afresh, also dropping text typed but not yet searched for.
  const [resets, setResets] = useState(0);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3" role="search">
      <SearchField
        key={resets}
        id={`${id}-q`}
        label="Search messages"
        placeholder="Name, email, text"
        maxLength={ADMIN_MESSAGES_QUERY_MAX}
        value={query.q}
        onSearch={(q) => dispatch({ type: 'search', q })}
      />
      <FilterSelect
        id={`${id}-status`}
        label="Show"
        value={query.status}
        options={STATUSES}
        onChange={(value) => dispatch({ type: 'status', status: parseStatusFilter(value) })}
      />
      {isFiltered(query) && (
        <p className="col-span-2 m-0 flex justify-end">
          <button
            type="button"
            onClick={() => {
              setResets((n) => n + 1);
              dispatch({ type: 'reset' });
            }}
            className="rounded-md px-2 py-1 text-sm font-medium text-[var(--color-primary-ink)] underline-offset-2 hover:underline"
          >
            Clear filters
          </button>
        </p>
      )}
    </div>
  );
}
