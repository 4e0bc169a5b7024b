/** The Orders screen's list query as a pure reducer, the query the API accepts, and money and ids as shown. */
import { describe, expect, it } from 'vitest';
import {
  INITIAL_ORDERS_QUERY,
  isFiltered,
  ordersQueryReducer,
  parseStatusFilter,
  shortOrderId,
  type OrdersQueryAction,
} from '../../src/components/admin/orders/orders-list.ts';
import { pageCount } from '../../src/components/admin/ui/paged-list.ts';
import type { OrdersListQuery } from '../../src/lib/api/admin/orders.ts';
import { dayAfter, isCalendarDay, OrdersQuery, OrderStatusChange } from '../../src/shared/schemas/order-admin.ts';

const at = (changes: Partial<OrdersListQuery>): OrdersListQuery => ({ ...INITIAL_ORDERS_QUERY, ...changes });

describe('ordersQueryReducer', () => {
  it.each<[string, OrdersListQuery, OrdersQueryAction, OrdersListQuery]>([
    ['a search starts at page 1', at({ page: 3 }), { type: 'search', q: 'maya' }, at({ q: 'maya' })],
    [
      'the same search keeps the page',
      at({ page: 3, q: 'maya' }),
      { type: 'search', q: 'maya' },
      at({ page: 3, q: 'maya' }),
    ],
    ['a status starts at page 1', at({ page: 2 }), { type: 'status', status: 'paid' }, at({ status: 'paid' })],
    ['a from day starts at page 1', at({ page: 2 }), { type: 'from', from: '2026-11-01' }, at({ from: '2026-11-01' })],
    [
      'a to day is kept',
      at({ from: '2026-11-01' }),
      { type: 'to', to: '2026-11-03' },
      at({ from: '2026-11-01', to: '2026-11-03' }),
    ],
    [
      'days given backwards are swapped',
      at({ to: '2026-11-01' }),
      { type: 'from', from: '2026-11-05' },
      at({ from: '2026-11-01', to: '2026-11-05' }),
    ],
    ['a cleared day input is no bound', at({ from: '2026-11-01' }), { type: 'from', from: '' }, at({})],
    ['an impossible day is no bound', at({}), { type: 'to', to: '2026-02-30' }, at({})],
    [
      'reset clears every filter',
      at({ q: 'x', status: 'paid', from: '2026-01-01', to: '2026-01-02', page: 4 }),
      { type: 'reset' },
      at({}),
    ],
    ['a page is a whole number from 1', at({}), { type: 'page', page: 0 }, at({ page: 1 })],
    [
      'paging keeps the filters',
      at({ status: 'shipped' }),
      { type: 'page', page: 2.7 },
      at({ status: 'shipped', page: 2 }),
    ],
  ])('%s', (_name, query, action, expected) => {
    expect(ordersQueryReducer(query, action)).toEqual(expected);
  });

  it('tells whether anything narrows the list', () => {
    expect(isFiltered(INITIAL_ORDERS_QUERY)).toBe(false);
    expect(isFiltered(at({ page: 5 }))).toBe(false);
    expect(isFiltered(at({ to: '2026-01-01' }))).toBe(true);
  });

  it('parses the status select and counts pages', () => {
    expect(parseStatusFilter('refunded')).toBe('refunded');
    expect(parseStatusFilter('processing')).toBe('');
    expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10)]).toEqual([1, 1, 2]);
  });
});

describe('as shown', () => {
  it('shortens an id to its first eight characters', () => {
    expect(shortOrderId('1a2b3c4d-0000-4000-8000-000000000000')).toBe('#1A2B3C4D');
  });
});

describe('OrdersQuery and OrderStatusChange', () => {
  it('reads UTC days, and the day after one', () => {
    expect(['2026-02-28', '2028-02-29'].map(isCalendarDay)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '26-01-01', '2026-01-01T00:00'].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(dayAfter('2026-12-31')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('defaults and trims the query, and refuses a backwards range', () => {
    expect(OrdersQuery.parse({})).toEqual({
      page: 1,
      pageSize: 10,
      q: '',
      status: undefined,
      from: undefined,
      to: undefined,
    });
    expect(OrdersQuery.parse({ q: '  maya ', status: '', from: '' })).toMatchObject({
      q: 'maya',
      status: undefined,
      from: undefined,
    });
    expect(OrdersQuery.safeParse({ from: '2026-01-02', to: '2026-01-01' }).error?.issues[0]?.path).toEqual(['to']);
    expect(OrdersQuery.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
  });

  it('takes a known status and an optional note', () => {
    expect(OrderStatusChange.parse({ status: 'paid' })).toEqual({ status: 'paid', note: '' });
    expect(OrderStatusChange.parse({ status: 'paid', note: ' line one\r\nline two ' })).toEqual({
      status: 'paid',
      note: 'line one\nline two',
    });
    expect(OrderStatusChange.safeParse({ status: 'processing' }).success).toBe(false);
  });
});
