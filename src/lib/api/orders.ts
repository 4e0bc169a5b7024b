/** A customer's own orders, one function per endpoint. */
import type { CustomerOrder, CustomerOrderList, CustomerOrderSummary } from '../../shared/orders-customer.ts';
import { api } from './client.ts';

/** GET /api/orders: the signed-in customer's orders, newest first (401 when signed out). */
export const fetchMyOrders = async (): Promise<CustomerOrderSummary[]> =>
  (await api<CustomerOrderList>('/api/orders')).results;

/** GET /api/orders/{id}: for its owner, or for anyone holding the guest's confirmation token. */
export const fetchOrder = (id: string, token?: string | null) =>
  api<CustomerOrder>(`/api/orders/${encodeURIComponent(id)}`, token ? { query: { token } } : {});

/** POST /api/orders/guest-link: mails a guest a new link to their order; the same sentence for any address. */
export const requestGuestOrderLink = (email: string, orderId?: string | null) =>
  api<{ message: string }>('/api/orders/guest-link', {
    method: 'POST',
    body: orderId ? { email, orderId } : { email },
  });
