/** Search (debounced), role and status filters of Manage Users. */
import { useEffect, useId, useState, type Dispatch } from 'react';
import type { UsersListQuery } from '../../../lib/api/admin/users.ts';
import { USERS_QUERY_MAX } from '../../../shared/schemas/user-admin.ts';
import { parseRole, parseStatus, type UsersQueryAction } from './users-list.ts';

/** Typing pauses this long before the list is asked again. */
const DEBOUNCE_MS = 300;

const fieldClass = 'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-white/20 dark:bg-[#0f151c] dark:text-gray-100';

export default function UserFilters({ query, dispatch }: { query: UsersListQuery; dispatch: Dispatch<UsersQueryAction> }) {
  const id = useId();
  const [text, setText] = useState(query.q);
  useEffect(() => {
    const timer = setTimeout(() => dispatch({ type: 'search', q: text.trim() }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, dispatch]);

  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_10rem]" role="search">
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <label htmlFor={`${id}-q`} className="block text-sm font-medium">Search users</label>
        <input
          id={`${id}-q`}
          type="search"
          className={fieldClass}
          placeholder="Name, email or username"
          maxLength={USERS_QUERY_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-role`} className="block text-sm font-medium">Role</label>
        <select id={`${id}-role`} className={fieldClass} value={query.role} onChange={(e) => dispatch({ type: 'role', role: parseRole(e.target.value) })}>
          <option value="">All roles</option>
          <option value="customer">Customer</option>
          <option value="admin">Admin</option>
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-status`} className="block text-sm font-medium">Status</label>
        <select id={`${id}-status`} className={fieldClass} value={query.status} onChange={(e) => dispatch({ type: 'status', status: parseStatus(e.target.value) })}>
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="deactivated">Deactivated</option>
        </select>
      </div>
    </div>
  );
}
