/**
 * A customer's own orders: GET /api/orders (signed in; only the caller's, whatever the query says)
 * and GET /api/orders/:id (its owner, or anyone with its ?token=, a guest's confirmation link). Never cached.
 */
import { Hono } from 'hono';
import { ORDER_NOT_FOUND } from '../../../shared/orders-customer.ts';
import type { AppEnv } from '../../app-env.ts';
import { notFound } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { requireUser, signedInUser } from '../../middleware/auth.ts';
import { isOpaqueToken } from '../auth/tokens.ts';
import { getCustomerOrder, listCustomerOrders } from './orders.customer.service.ts';

/** Order ids are server-made UUIDs; anything longer is no order. */
const ID_MAX = 100;

export function customerOrderRoutes() {
  return (
    new Hono<AppEnv>()
      .use('/orders', noStore)
      .use('/orders/*', noStore)
      // Any clientId or userId in the query is ignored: the caller is the session's user.
      .get('/orders', requireUser, async (c) => c.json(await listCustomerOrders(c.get('db'), signedInUser(c).id)))
      .get('/orders/:id', async (c) => {
        const id = c.req.param('id');
        if (id.length > ID_MAX) throw notFound(ORDER_NOT_FOUND);
        const token = c.req.query('token');
        return c.json(
          await getCustomerOrder(c.get('db'), id, {
            userId: c.get('user')?.id,
            token: token && isOpaqueToken(token) ? token : undefined,
          }),
        );
      })
  );
}
