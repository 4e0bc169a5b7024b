/** The admin Orders calls, one function per endpoint. */
import type { OrderStatus } from '../../../shared/order-status.ts';
import type { AdminOrderChange, AdminOrderDetail, AdminOrderPage } from '../../../shared/orders-admin.ts';
import type { OrderStatusChangeInput } from '../../../shared/schemas/order-admin.ts';
import { api } from '../client.ts';

/** The list's query as the screen holds it; empty filters are left out of the URL. */
export interface OrdersListQuery {
  page: number;
  pageSize: number;
  q: string;
  status: '' | OrderStatus;
  /** UTC days, YYYY-MM-DD, or ''. */
  from: string;
  to: string;
}

/** GET /api/admin/orders: one page of orders, newest first. */
export function fetchAdminOrders({ page, pageSize, q, status, from, to }: OrdersListQuery): Promise<AdminOrderPage> {
  const query: Record<string, string | number> = { page, pageSize };
  if (q.trim()) query['q'] = q.trim();
  if (status) query['status'] = status;
  if (from) query['from'] = from;
  if (to) query['to'] = to;
  return api<AdminOrderPage>('/api/admin/orders', { query });
}

/** GET /api/admin/orders/{id}: items, customer, totals, history and the allowed next statuses. */
export const fetchAdminOrder = (id: string) => api<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}`);

/** PATCH /api/admin/orders/{id}/status: answers what happened and the order as it now is. */
export const changeAdminOrderStatus = (id: string, change: OrderStatusChangeInput) =>
  api<AdminOrderChange>(`/api/admin/orders/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: change });
