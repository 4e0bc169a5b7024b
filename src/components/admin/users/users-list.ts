/** The Manage Users list's query as a pure reducer (design.md 4.13): a new filter starts again at page 1. */
import { parseRole as parseKnownRole } from '../../../shared/staff-roles.ts';
import type { UsersListQuery } from '../../../lib/api/admin/users.ts';
import { USERS_PAGE_DEFAULT } from '../../../shared/schemas/user-admin.ts';
import { onPage, type PageAction } from '../ui/paged-list.ts';

export const INITIAL_USERS_QUERY: UsersListQuery = {
  page: 1,
  pageSize: USERS_PAGE_DEFAULT,
  q: '',
  role: '',
  status: '',
};

export type UsersQueryAction =
  | { type: 'search'; q: string }
  | { type: 'role'; role: UsersListQuery['role'] }
  | { type: 'status'; status: UsersListQuery['status'] }
  | PageAction;

export function usersQueryReducer(query: UsersListQuery, action: UsersQueryAction): UsersListQuery {
  switch (action.type) {
    case 'search':
      return action.q === query.q ? query : { ...query, q: action.q, page: 1 };
    case 'role':
      return { ...query, role: action.role, page: 1 };
    case 'status':
      return { ...query, status: action.status, page: 1 };
    case 'page':
      return onPage(query, action.page);
  }
}

/** Select values parsed into their unions (never trust a form value). */
export const parseRole = (value: string): UsersListQuery['role'] => parseKnownRole(value) ?? '';
export const parseStatus = (value: string): UsersListQuery['status'] =>
  value === 'active' || value === 'deactivated' ? value : '';
