/** Search (debounced), role and status filters of Manage Users. */
import { useId, type Dispatch } from 'react';
import type { UsersListQuery } from '../../../lib/api/admin/users.ts';
import { USERS_QUERY_MAX } from '../../../shared/schemas/user-admin.ts';
import { ROLE_LABELS, ROLES } from '../../../shared/staff-roles.ts';
import { FilterSelect, SearchField } from '../ui/FilterFields.tsx';
import { parseRole, parseStatus, type UsersQueryAction } from './users-list.ts';

const ROLE_OPTIONS = [
  { value: '', label: 'All roles' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];
const STATUSES = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

export default function UserFilters({
  query,
  dispatch,
}: {
  query: UsersListQuery;
  dispatch: Dispatch<UsersQueryAction>;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_10rem]" role="search">
      <SearchField
        id={`${id}-q`}
        className="col-span-2 min-w-0 sm:col-span-1"
        label="Search users"
        placeholder="Name, email or username"
        maxLength={USERS_QUERY_MAX}
        value={query.q}
        onSearch={(q) => dispatch({ type: 'search', q })}
      />
      <FilterSelect
        id={`${id}-role`}
        label="Role"
        value={query.role}
        options={ROLE_OPTIONS}
        onChange={(value) => dispatch({ type: 'role', role: parseRole(value) })}
      />
      <FilterSelect
        id={`${id}-status`}
        label="Status"
        value={query.status}
        options={STATUSES}
        onChange={(value) => dispatch({ type: 'status', status: parseStatus(value) })}
      />
    </div>
  );
}
