/** The Manage Users rule: who may change which account, table-driven; and the list query's parsing. */
import { describe, expect, it } from 'vitest';
import { INITIAL_USERS_QUERY, usersQueryReducer } from '../../src/components/admin/users/users-list.ts';
import { pageCount } from '../../src/components/admin/ui/paged-list.ts';
import { escapeLike } from '../../src/server/modules/users/users.admin.repository.ts';
import {
  changeSummary,
  judgeUserChange,
  LAST_ADMIN_MESSAGE,
  SELF_CHANGE_MESSAGE,
  type ChangeTarget,
  type UserChangeInput,
  UsersQuery,
} from '../../src/shared/schemas/user-admin.ts';

const ME = 'me';
const admin = (id = 'other', disabled = false): ChangeTarget => ({ id, role: 'admin', disabled });
const customer = (disabled = false): ChangeTarget => ({ id: 'cust', role: 'customer', disabled });

const cases: {
  name: string;
  target: ChangeTarget;
  change: UserChangeInput;
  admins: number;
  expected: ReturnType<typeof judgeUserChange>;
}[] = [
  {
    name: 'promote a customer',
    target: customer(),
    change: { role: 'admin' },
    admins: 1,
    expected: { ok: true, changed: true, endsSessions: true },
  },
  {
    name: 'deactivate a customer',
    target: customer(),
    change: { disabled: true },
    admins: 1,
    expected: { ok: true, changed: true, endsSessions: true },
  },
  {
    name: 'reactivate a customer',
    target: customer(true),
    change: { disabled: false },
    admins: 1,
    expected: { ok: true, changed: true, endsSessions: false },
  },
  {
    name: 'demote one of two admins',
    target: admin(),
    change: { role: 'customer' },
    admins: 2,
    expected: { ok: true, changed: true, endsSessions: true },
  },
  {
    name: 'deactivate one of two admins',
    target: admin(),
    change: { disabled: true },
    admins: 2,
    expected: { ok: true, changed: true, endsSessions: true },
  },
  {
    name: 'reactivate a customer and make it admin',
    target: customer(true),
    change: { role: 'admin', disabled: false },
    admins: 1,
    expected: { ok: true, changed: true, endsSessions: true },
  },
  {
    name: 'demote the last active admin',
    target: admin(),
    change: { role: 'customer' },
    admins: 1,
    expected: { ok: false, status: 409, message: LAST_ADMIN_MESSAGE },
  },
  {
    name: 'deactivate the last active admin',
    target: admin(),
    change: { disabled: true },
    admins: 1,
    expected: { ok: false, status: 409, message: LAST_ADMIN_MESSAGE },
  },
  {
    name: 'demote and deactivate the last admin',
    target: admin(),
    change: { role: 'customer', disabled: true },
    admins: 1,
    expected: { ok: false, status: 409, message: LAST_ADMIN_MESSAGE },
  },
  {
    name: 'demote a deactivated admin when one active admin remains',
    target: admin('other', true),
    change: { role: 'customer' },
    admins: 1,
    expected: { ok: true, changed: true, endsSessions: true },
  },
  {
    name: 'reactivate a deactivated admin',
    target: admin('other', true),
    change: { disabled: false },
    admins: 1,
    expected: { ok: true, changed: true, endsSessions: false },
  },
  {
    name: 'demote myself',
    target: admin(ME),
    change: { role: 'customer' },
    admins: 3,
    expected: { ok: false, status: 400, field: 'role', message: SELF_CHANGE_MESSAGE },
  },
  {
    name: 'deactivate myself',
    target: admin(ME),
    change: { disabled: true },
    admins: 3,
    expected: { ok: false, status: 400, field: 'disabled', message: SELF_CHANGE_MESSAGE },
  },
  {
    name: 'demote myself as the last admin (the self guard speaks first)',
    target: admin(ME),
    change: { role: 'customer' },
    admins: 1,
    expected: { ok: false, status: 400, field: 'role', message: SELF_CHANGE_MESSAGE },
  },
  {
    name: 'ask for my own current role',
    target: admin(ME),
    change: { role: 'admin', disabled: false },
    admins: 1,
    expected: { ok: true, changed: false, endsSessions: false },
  },
  {
    name: 'ask an admin for what already is',
    target: admin(),
    change: { role: 'admin' },
    admins: 1,
    expected: { ok: true, changed: false, endsSessions: false },
  },
];

describe('judgeUserChange', () => {
  it.each(cases)('$name', ({ target, change, admins, expected }) => {
    expect(judgeUserChange(ME, target, change, admins)).toEqual(expected);
  });
});

describe('changeSummary', () => {
  it.each([
    [customer(), { role: 'admin' } as const, 'Ana Diaz made admin'],
    [admin(), { role: 'customer' } as const, 'Ana Diaz made customer'],
    [customer(), { disabled: true }, 'Ana Diaz deactivated'],
    [customer(true), { disabled: false }, 'Ana Diaz reactivated'],
    [customer(true), { role: 'admin', disabled: false } as const, 'Ana Diaz made admin and reactivated'],
  ])('%o %o → %s', (target, change, text) => {
    expect(changeSummary('Ana Diaz', target, change)).toBe(text);
  });
});

describe('UsersQuery', () => {
  it('defaults page 1, 20 a page, no filter', () => {
    expect(UsersQuery.parse({})).toEqual({ page: 1, pageSize: 20, q: '', role: undefined, status: undefined });
  });
  it('reads text from a query string and trims the search', () => {
    expect(UsersQuery.parse({ page: '3', pageSize: '100', q: '  ana ', role: 'admin', status: 'deactivated' })).toEqual(
      { page: 3, pageSize: 100, q: 'ana', role: 'admin', status: 'deactivated' },
    );
  });
  it.each([
    [{ page: '0' }, 'page'],
    [{ page: 'x' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ pageSize: '101' }, 'pageSize'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ q: 'a'.repeat(201) }, 'q'],
    [{ role: 'owner' }, 'role'],
    [{ status: 'gone' }, 'status'],
  ])('refuses %o naming %s', (query, field) => {
    const result = UsersQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});

describe('escapeLike', () => {
  it('makes %, _ and \\ match themselves', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('usersQueryReducer', () => {
  const onPage3 = { ...INITIAL_USERS_QUERY, page: 3, q: 'ana' };
  it.each([
    ['a new search starts at page 1', { type: 'search', q: 'bob' }, { ...onPage3, q: 'bob', page: 1 }],
    ['the same search keeps the page', { type: 'search', q: 'ana' }, onPage3],
    ['a role filter starts at page 1', { type: 'role', role: 'admin' }, { ...onPage3, role: 'admin', page: 1 }],
    [
      'a status filter starts at page 1',
      { type: 'status', status: 'deactivated' },
      { ...onPage3, status: 'deactivated', page: 1 },
    ],
    ['paging keeps the filters', { type: 'page', page: 4 }, { ...onPage3, page: 4 }],
    ['a page below 1 is page 1', { type: 'page', page: 0 }, { ...onPage3, page: 1 }],
  ] as const)('%s', (_, action, expected) => {
    expect(usersQueryReducer(onPage3, action)).toEqual(expected);
  });
  it.each([
    [0, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [100, 20, 5],
  ])('%i accounts at %i a page fill %i pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});
