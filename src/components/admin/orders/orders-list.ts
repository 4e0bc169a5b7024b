/** The Orders list's query as a pure reducer (design.md 4.13), and how the screen writes ids and amounts. */
import type { OrdersListQuery } from '../../../lib/api/admin/orders.ts';
import { isOrderStatus } from '../../../shared/order-status.ts';
import { isCalendarDay, ORDERS_PAGE_DEFAULT } from '../../../shared/schemas/order-admin.ts';
import { onPage, type PageAction } from '../ui/paged-list.ts';

export const INITIAL_ORDERS_QUERY: OrdersListQuery = {
  page: 1,
  pageSize: ORDERS_PAGE_DEFAULT,
  q: '',
  status: '',
  from: '',
  to: '',
};

export type OrdersQueryAction =
  | { type: 'search'; q: string }
  | { type: 'status'; status: OrdersListQuery['status'] }
  | { type: 'from'; from: string }
  | { type: 'to'; to: string }
  | { type: 'reset' }
  | PageAction;

/** A day input's value as the query keeps it: a real YYYY-MM-DD day, else no bound. */
const dayOrNone = (value: string) => (isCalendarDay(value) ? value : '');

/** A new filter starts again at page 1; a day range given backwards is put the right way round. */
export function ordersQueryReducer(query: OrdersListQuery, action: OrdersQueryAction): OrdersListQuery {
  switch (action.type) {
    case 'search':
      return action.q === query.q ? query : { ...query, q: action.q, page: 1 };
    case 'status':
      return { ...query, status: action.status, page: 1 };
    case 'from':
    case 'to': {
      const next = { ...query, [action.type]: dayOrNone(action.type === 'from' ? action.from : action.to), page: 1 };
      return next.from && next.to && next.from > next.to ? { ...next, from: next.to, to: next.from } : next;
    }
    case 'reset':
      return { ...INITIAL_ORDERS_QUERY, pageSize: query.pageSize };
    case 'page':
      return onPage(query, action.page);
  }
}

/** True when any filter narrows the list. */
export const isFiltered = (query: OrdersListQuery) => Boolean(query.q || query.status || query.from || query.to);

/** A select's value parsed into the status union (never trust a form value). */
export const parseStatusFilter = (value: string): OrdersListQuery['status'] => (isOrderStatus(value) ? value : '');

/** The order's short reference, as the customer's mail has it: '#1A2B3C4D'. */
export const shortOrderId = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;
