/**
 * Orders: GET /api/admin/orders, GET /api/admin/orders/:id and PATCH /api/admin/orders/:id/status,
 * admin-only and never cached.
 */
import { Hono } from 'hono';
import { checkOrdersQuery, checkOrderStatusChange } from '../../../shared/schemas/order-admin.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { jsonBody, validQuery } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { changeOrderStatus, getAdminOrder, listAdminOrders, ORDER_NOT_FOUND } from './orders.admin.service.ts';

/** Order ids are server-made UUIDs; anything longer is no order. */
const ID_MAX = 100;

function orderId(id: string): string {
  if (id.length > ID_MAX) throw notFound(ORDER_NOT_FOUND);
  return id;
}

export function orderAdminRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/admin/orders', validQuery(checkOrdersQuery), async (c) =>
      c.json(await listAdminOrders(c.get('db'), c.req.valid('query'))),
    )
    .get('/admin/orders/:id', async (c) => c.json(await getAdminOrder(c.get('db'), orderId(c.req.param('id')))))
    .patch('/admin/orders/:id/status', jsonBody(checkOrderStatusChange), async (c) => {
      const id = orderId(c.req.param('id'));
      // The admin guard ran first, so the user is set; deps.mailer is read per request (it is the app's one mailer).
      const ctx = { db: c.get('db'), actor: signedInUser(c), mailer: deps.mailer, siteUrl: c.get('env').SITE_URL };
      return c.json(await changeOrderStatus(ctx, id, c.req.valid('json')));
    });
}
