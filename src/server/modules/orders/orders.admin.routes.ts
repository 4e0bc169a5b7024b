/**
 * Orders: GET /api/admin/orders, GET /api/admin/orders/:id and PATCH /api/admin/orders/:id/status,
 * admin-only and never cached.
 */
import { Hono } from 'hono';
import {
  ORDER_CHANGE_MESSAGES,
  OrdersQuery,
  ORDERS_QUERY_MESSAGES,
  OrderStatusChange,
  type OrdersFilter,
} from '../../../shared/schemas/order-admin.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { changeOrderStatus, getAdminOrder, listAdminOrders, ORDER_NOT_FOUND } from './orders.admin.service.ts';

/** Order ids are server-made UUIDs; anything longer is no order. */
const ID_MAX = 100;

/** The first refused field of a parse, as the message and field of a 400. */
function refusal<K extends string>(
  issues: { path: PropertyKey[] }[],
  messages: Record<K, string>,
  fallback: K,
): ApiError {
  const key = issues[0]?.path[0];
  const field = typeof key === 'string' && key in messages ? (key as K) : fallback;
  return fieldError(400, messages[field], field);
}

function orderId(id: string): string {
  if (id.length > ID_MAX) throw notFound(ORDER_NOT_FOUND);
  return id;
}

export function orderAdminRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/admin/orders', async (c) => {
      const parsed = OrdersQuery.safeParse(c.req.query());
      if (!parsed.success) throw refusal<keyof OrdersFilter>(parsed.error.issues, ORDERS_QUERY_MESSAGES, 'q');
      return c.json(await listAdminOrders(c.get('db'), parsed.data));
    })
    .get('/admin/orders/:id', async (c) => c.json(await getAdminOrder(c.get('db'), orderId(c.req.param('id')))))
    .patch('/admin/orders/:id/status', async (c) => {
      const id = orderId(c.req.param('id'));
      const body: unknown = await c.req.json().catch(() => undefined);
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw new ApiError(400, 'The body must be a JSON object');
      const parsed = OrderStatusChange.safeParse(body);
      if (!parsed.success) throw refusal<'status' | 'note'>(parsed.error.issues, ORDER_CHANGE_MESSAGES, 'status');
      // The admin guard ran first, so the user is set; deps.mailer is read per request (it is the app's one mailer).
      const ctx = { db: c.get('db'), actor: signedInUser(c), mailer: deps.mailer, siteUrl: c.get('env').SITE_URL };
      return c.json(await changeOrderStatus(ctx, id, parsed.data));
    });
}
